import type { FastifyBaseLogger } from 'fastify';
import { RegionsService } from './regions-service.ts';

export interface RegionsModule {
  service: RegionsService;
}

export function createRegionsModule({ log }: { log: FastifyBaseLogger }): RegionsModule {
  return { service: new RegionsService(log) };
}
