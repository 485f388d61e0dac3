import { createHash } from 'node:crypto';
import { MAX_IDENTITY_NAME_LENGTH, isEmailAddress } from '@alerta/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allowedBy, providerUser } from '../auth/provider-users.js';
import {
  type SamlIdentity,
  type SamlServiceProvider,
  authorizeUrl,
  readSamlResponse,
  samlServiceProvider,
  serviceProviderMetadata,
  verifyResponse,
} from '../auth/saml.js';
import { answeredUntil, resumeFlow, startFlow } from '../auth/saml-flow.js';
import { tokenForUser } from '../auth/user-token.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { sendPostMessagePage } from '../http/post-message-page.js';
import { notEnabled } from './auth-providers.js';

const fields = z.record(z.string(), z.unknown());

/** A string field of a form or JSON body, or of a query string. */
function field(input: unknown, name: string): string | undefined {
  const parsed = fields.safeParse(input);
  const value = parsed.success ? parsed.data[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** SAML2_USER_NAME_FORMAT filled in with the first value of each `{attribute}`; `{{` and `}}` are braces. */
function formatName(format: string, attributes: SamlIdentity['attributes']): string {
  return format
    .replace(/\{\{|\}\}|\{([^{}]*)\}/g, (match, name?: string) =>
      name === undefined ? match.charAt(0) : (attributes.get(name)?.[0] ?? ''),
    )
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_IDENTITY_NAME_LENGTH);
}

/** Group names a token and a permission lookup can carry. */
const usableGroups = (values: readonly string[]) =>
  values.filter((group) => group.length <= MAX_IDENTITY_NAME_LENGTH && !/\p{Cc}/u.test(group));

/**
 * Our user id for a SAML subject: stable for the NameID at that identity provider (NameIDs are only unique per
 * identity provider), bounded in length whatever the NameID is, and kept apart from other providers' ids.
 */
const userIdOf = (sp: SamlServiceProvider, nameId: string) =>
  `saml2-${createHash('sha256').update(`${sp.setup.idp.entityId}\n${nameId}`).digest('hex').slice(0, 32)}`;

/** docs/api/auth.md#routes: GET /auth/saml, POST /auth/saml (the ACS) and GET /auth/saml/metadata.xml. */
export function registerSamlRoutes(app: FastifyInstance, context: AppContext): void {
  const { settings } = context;
  const sp = samlServiceProvider(settings);
  let metadata: Promise<string> | undefined;

  const enabled = (): SamlServiceProvider => {
    if (sp === null) throw notEnabled(settings, 'saml2');
    return sp;
  };

  // The console's popup opens this; it goes on to the identity provider with a new AuthnRequest.
  app.get('/auth/saml', async (request, reply) => {
    const provider = enabled();
    const usePostMessage = fields.safeParse(request.query).data?.usePostMessage !== undefined;
    const flow = startFlow(context.secretKey, usePostMessage);
    return reply.header('cache-control', 'no-store').redirect(await authorizeUrl(provider, flow), 302);
  });

  app.get('/auth/saml/metadata.xml', async (_request, reply) => {
    const provider = enabled();
    metadata ??= serviceProviderMetadata(provider);
    return reply.type('text/xml; charset=utf-8').send(await metadata);
  });

  async function signIn(request: FastifyRequest): Promise<string> {
    const provider = enabled();
    const encoded = field(request.body, 'SAMLResponse');
    if (encoded === undefined || encoded === '') throw badRequest("missing 'SAMLResponse'");
    const posted = readSamlResponse(encoded);
    const flow = resumeFlow(context.secretKey, field(request.body, 'RelayState') ?? '');
    const identity = await verifyResponse(provider, flow, posted);
    // The signed InResponseTo must name the request ID, so claiming it covers every assertion that could answer
    // this flow, whichever process it is posted to.
    const now = new Date().toISOString();
    if (!(await context.store.samlSignIns.claim(flow.requestId, answeredUntil(flow), now))) {
      throw new ApiError(401, 'SAML response was used already');
    }

    const email = identity.attributes.get(settings.SAML2_EMAIL_ATTRIBUTE)?.[0];
    if (email === undefined || !isEmailAddress(email)) {
      throw badRequest(`SAML assertion has no email address in '${settings.SAML2_EMAIL_ATTRIBUTE}'`);
    }
    const groups = usableGroups(identity.attributes.get('groups') ?? []);
    if (!allowedBy(settings.ALLOWED_SAML2_GROUPS, groups)) throw new ApiError(403, `User ${email} is not authorized`);
    const user = await providerUser(context, {
      id: userIdOf(provider, identity.nameId),
      login: email,
      name: formatName(settings.SAML2_USER_NAME_FORMAT, identity.attributes) || email,
      email,
      // As in the reference, the identity provider's address counts as verified: it is the directory this server
      // was configured to trust for who its users are.
      emailVerified: true,
      text: 'SAML2 user',
    });
    return tokenForUser(context, request, user, 'saml2', { groups });
  }

  // The identity provider's form post is urlencoded (docs/api/conventions.md lets this one route take it); JSON works
  // too.
  void app.register((forms, _options, done) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, next) => {
      next(null, Object.fromEntries(new URLSearchParams(String(text))));
    });
    forms.post('/auth/saml', async (request, reply) => {
      // As in the reference: the console's popup asks for the page that posts to its opener; others get JSON.
      const usePostMessage = (field(request.body, 'RelayState') ?? '').includes('usePostMessage');
      const asPage = usePostMessage && (request.headers.accept ?? '').includes('text/html');
      try {
        const token = await signIn(request);
        if (asPage) return sendPostMessagePage(reply, 200, { status: 'ok', token }, settings.corsOrigins.exact);
        return { status: 'ok', token };
      } catch (error) {
        if (!asPage || !(error instanceof ApiError)) throw error;
        const message = { status: 'error' as const, message: error.message };
        return sendPostMessagePage(reply, error.statusCode, message, settings.corsOrigins.exact);
      }
    });
    done();
  });
}
