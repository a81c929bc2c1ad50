/** The root router: domain routers merged; the client imports only its type. */
import { b2cAPIClientsRouter, b2cInstancesRouter } from './routers/b2c';
import { envsRouter } from './routers/envs';
import { invitationsRouter, usersRouter } from './routers/members';
import { orgsRouter } from './routers/orgs';
import { promptsRouter } from './routers/prompts';
import { systemRouter } from './routers/system';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  orgs: orgsRouter,
  envs: envsRouter,
  users: usersRouter,
  invitations: invitationsRouter,
  prompts: promptsRouter,
  b2cInstances: b2cInstancesRouter,
  b2cAPIClients: b2cAPIClientsRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
