/** Builds the `Services` the tRPC context carries, from the database, the B2C gateway and the secrets box. */
import type { Db } from '../db/client';
import type { B2CGateway } from '../integrations/b2c/gateway';
import type { Services } from '../trpc/context';
import { createAccessService, type AccessOptions, type CachedAccessService } from './access';
import { createB2CServices } from './b2c';
import { createEnvsService } from './envs';
import { createInvitationsService } from './invitations';
import { createUsersService } from './members';
import { createOrgsService } from './orgs';
import type { Secrets } from './secrets';
import { createSystemService } from './system';

export interface ServiceDeps {
  db: Db;
  b2c: B2CGateway;
  secrets: Secrets;
  /** Clock for expiry checks; tests move it. */
  now?: () => Date;
  access?: AccessOptions;
}

export interface BeaconServices extends Services {
  access: CachedAccessService;
}

export function createServices({
  db,
  b2c,
  secrets,
  now,
  access: accessOptions,
}: ServiceDeps): BeaconServices {
  const access = createAccessService(db, accessOptions);
  return {
    access,
    orgs: createOrgsService(db, access),
    envs: createEnvsService(db),
    users: createUsersService(db, access),
    invitations: createInvitationsService(db, access, now),
    ...createB2CServices({ db, b2c, secrets }),
    system: createSystemService(db, now),
  };
}
