/** What every procedure sees: the signed-in user (or none) and the server's services (real: Drizzle; tests may swap). */
import type {
  B2CInstance,
  BestRedirect,
  Env,
  MembershipRole,
  Org,
  Prompt,
  SessionUser,
  VerifyResult,
} from '../../domain/entities';
import type { B2CCapability } from '../../domain/constants';

export interface OrgListItem extends Org {
  role: MembershipRole;
}
export interface Member {
  userId: string;
  name: string | null;
  email: string;
  role: MembershipRole;
  isSuperUser: boolean;
}
export interface Invitation {
  id: string;
  email: string;
  token: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
}
export interface ApiClient {
  clientId: string;
  name: string;
}
export interface HealthCheck {
  name: 'server' | 'database' | 'identity-provider' | 'b2c' | 'websocket';
  ok: boolean;
  latencyMs: number | null;
  lastError: string | null;
  checkedAt: Date;
}

/** Membership lookups used by the org guard; cached by the implementation, invalidated on change. */
export interface AccessService {
  /** The user's role in the org, or null when not a member. */
  roleInOrg(userId: string, orgId: string): Promise<MembershipRole | null>;
}

export interface Services {
  access: AccessService;
  orgs: {
    bestRedirectForUser(user: SessionUser, orgSlug: string | undefined): Promise<BestRedirect>;
    getContext(
      user: SessionUser,
      orgSlug: string,
      envSlug: string,
    ): Promise<{ org: Org; env: Env }>;
    allForUser(user: SessionUser): Promise<OrgListItem[]>;
    verify(orgId: string): Promise<Org>;
    create(user: SessionUser, input: { name: string; slug: string }): Promise<Org>;
  };
  envs: {
    list(orgId: string): Promise<Env[]>;
    create(orgId: string, input: { name: string; slug: string }): Promise<Env>;
  };
  users: {
    list(orgId: string): Promise<Member[]>;
    /** `actor` removes `userId`: themselves, or anyone if an owner or superuser. */
    remove(actor: SessionUser, orgId: string, userId: string): Promise<void>;
  };
  invitations: {
    create(user: SessionUser, orgId: string, email: string): Promise<Invitation>;
    list(orgId: string): Promise<Invitation[]>;
    revoke(orgId: string, invitationId: string): Promise<void>;
    accept(user: SessionUser, token: string): Promise<{ org: Org }>;
  };
  prompts: {
    list(orgId: string): Promise<Prompt[]>;
    create(orgId: string, input: { name: string; text: string }): Promise<Prompt>;
    /** NOT_FOUND when the prompt is not the org's, so ids of other orgs tell nothing. */
    update(orgId: string, promptId: string, input: { name: string; text: string }): Promise<Prompt>;
    remove(orgId: string, promptId: string): Promise<void>;
  };
  b2cInstances: {
    sync(orgId: string): Promise<B2CInstance[]>;
    list(orgId: string): Promise<B2CInstance[]>;
    get(orgId: string, instanceId: string): Promise<B2CInstance>;
    verifyOnboarded(orgId: string, envId: string, instanceId: string): Promise<VerifyResult>;
  };
  b2cAPIClients: {
    getOrCreate(orgId: string): Promise<ApiClient>;
    verify(orgId: string, instanceId: string, capability: B2CCapability): Promise<VerifyResult>;
  };
  system: {
    status(): Promise<HealthCheck[]>;
  };
}

export interface Context {
  user: SessionUser | null;
  services: Services;
  requestId: string;
  /** config.isDevelopment: errors then carry their own message and stack. Absent means no. */
  isDevelopment?: boolean;
}
