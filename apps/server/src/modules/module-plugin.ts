import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import type { CallbackEndpoint } from '../callbacks/callback-endpoint.ts';
import { callbacksPlugin } from '../callbacks/callbacks-plugin.ts';
import { useRequestContext } from '../plugins/request-context-plugin.ts';
import { INFRASTRUCTURE, type Infrastructure } from '../plugins/infrastructure-plugin.ts';

/** The plugin name Fastify knows a module by: `dependencies` name the modules a module needs built before it. */
export const modulePluginName = (name: string) => `module:${name}`;

/** What a module registers, each in a child scope named `module:<name>/<part>` (the architecture test reads it). */
export interface ModuleScope {
  /** Borrower API routes under /api, where the H5 request headers are read. */
  api(register: (api: FastifyInstance) => void): Promise<void>;
  /** Pages outside the API (the dev pages). */
  pages(register: (scope: FastifyInstance) => void): Promise<void>;
  /**
   * Provider callbacks under the providers' documented paths (/api/payments/...): raw body, verified, through the
   * inbox. A module with no configured provider passes none.
   */
  callbacks(endpoints: readonly CallbackEndpoint[]): Promise<void>;
}

export interface ModuleDefinition {
  /** The business area (the folder's name under modules/). */
  name: string;
  /** Modules whose services this one uses (their decorators on the app); Fastify refuses to boot without them. */
  dependencies?: readonly string[];
  /** Builds the module's services from the infrastructure and its dependencies, and registers what it owns. */
  register(app: FastifyInstance, infra: Infrastructure, scope: ModuleScope): Promise<void> | void;
}

/**
 * A business module as a Fastify plugin (architecture rule 14): it builds its services, decorates the app with what
 * other modules may use, and registers its own routes, jobs and callbacks. fastify-plugin keeps its decorators visible
 * to the modules registered after it; its routes live in named child scopes.
 */
export function defineModule(definition: ModuleDefinition): FastifyPluginAsync {
  const pluginName = modulePluginName(definition.name);
  return fp(async (app) => definition.register(app, app.infra, moduleScope(app, pluginName)), {
    name: pluginName,
    dependencies: [INFRASTRUCTURE, ...(definition.dependencies ?? []).map(modulePluginName)],
  });
}

function moduleScope(app: FastifyInstance, pluginName: string): ModuleScope {
  return {
    api: async (register) => {
      await app.register(
        named(`${pluginName}/api`, async (api: FastifyInstance) => {
          useRequestContext(api);
          register(api);
        }),
        { prefix: API_PREFIX },
      );
    },
    pages: async (register) => {
      await app.register(named(`${pluginName}/pages`, async (scope) => register(scope)));
    },
    callbacks: async (endpoints) => {
      if (endpoints.length === 0) return;
      const { inbox, clock, env, metrics } = app.infra;
      await app.register(
        named(`${pluginName}/callbacks`, (scope) =>
          callbacksPlugin(scope, { endpoints, inbox, clock, bodyLimit: env.BODY_LIMIT_BYTES, metrics }),
        ),
        { prefix: `${API_PREFIX}/payments` },
      );
    },
  };
}

/** Fastify names an encapsulated plugin by this symbol: the name its routes report as their plugin. */
function named(name: string, plugin: (scope: FastifyInstance) => Promise<void>) {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}
