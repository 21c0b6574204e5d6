// The routes of the Reports, Hardware Logs and Labels pages, registered together.
import type { FastifyInstance } from 'fastify';
import { labelRoutes } from './label';
import { logRoutes } from './logs';

export const deskPageRoutes = async (app: FastifyInstance): Promise<void> => {
  await app.register(labelRoutes);
  await app.register(logRoutes);
};
