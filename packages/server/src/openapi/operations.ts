/**
 * The summary and tag of every API operation in the OpenAPI document (docs/api/README.md#openapi-document), by method
 * and path under BASE_PATH as the routes register them (`:id` parameters, `*` for the rest of a path). A route missing
 * here has no summary, which the document's test refuses, so a new route cannot go undocumented.
 */
export interface Operation {
  summary: string;
  tag: string;
}

/** The tags, in the order the reference page lists them, each with a line saying what it holds. */
export const TAGS: readonly { name: string; description: string }[] = [
  { name: 'alerts', description: 'Sending, reading and changing alerts (docs/api/alerts.md)' },
  { name: 'notes', description: 'Notes on alerts' },
  { name: 'bulk', description: 'Changes to every alert a query selects' },
  { name: 'reports', description: 'Counts, top lists, groupings, environments, services, groups and tags of alerts' },
  { name: 'heartbeats', description: 'Heartbeats senders send to show they are alive (docs/api/heartbeats.md)' },
  { name: 'blackouts', description: 'Periods in which matching alerts are suppressed (docs/api/blackouts.md)' },
  { name: 'users', description: 'User accounts, and the caller’s own (docs/api/identity.md)' },
  { name: 'groups', description: 'Groups of users' },
  { name: 'perms', description: 'Roles and the scopes they grant (docs/api/scopes.md)' },
  { name: 'customers', description: 'Which users see which customers’ alerts (docs/api/customers.md)' },
  { name: 'keys', description: 'API keys (docs/api/keys.md)' },
  { name: 'auth', description: 'Signing in, signing up and passwords (docs/api/auth.md)' },
  { name: 'webhooks', description: 'Alerts from other systems’ own payloads (docs/webhooks.md)' },
  { name: 'management', description: 'Health, status, metrics, housekeeping and switches (docs/api/management.md)' },
  { name: 'api', description: 'The API itself: its index, configuration and this document' },
];

const OIDC_ROUTES = ['openid', 'keycloak', 'azure', 'google', 'gitlab', 'cognito', 'pingfederate'];

const TOP_KINDS: Readonly<Record<string, string>> = {
  count: 'The events with the most alerts',
  flapping: 'The events whose alerts changed severity most often',
  standing: 'The events whose alerts have been open longest',
};

function catalogue(): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  const add = (tag: string, entries: Readonly<Record<string, string>>) => {
    for (const [key, summary] of Object.entries(entries)) operations.set(key, { summary, tag });
  };
  add('alerts', {
    'POST /alert': 'Send an alert',
    'GET /alert/:id': 'Read one alert',
    'DELETE /alert/:id': 'Delete an alert',
    'GET /alerts': 'List alerts',
    'GET /alerts.csv': 'Export every matching alert as CSV',
    'GET /alerts/stream': 'Changes to alerts, heartbeats and blackouts as they happen (Server-Sent Events)',
    'PUT /alert/:id/status': 'Change an alert’s status',
    'PUT /alert/:id/action': 'Take an action on an alert',
    'PUT /alert/:id/tag': 'Add tags to an alert',
    'PUT /alert/:id/untag': 'Remove tags from an alert',
    'PUT /alert/:id/attributes': 'Change an alert’s attributes',
  });
  add('notes', {
    'PUT /alert/:id/note': 'Add a note to an alert',
    'GET /alert/:id/notes': 'List an alert’s notes',
    'PUT /alert/:id/note/:noteId': 'Edit a note',
    'DELETE /alert/:id/note/:noteId': 'Delete a note',
  });
  add('bulk', {
    'PUT /_bulk/alerts/status': 'Change the status of the selected alerts',
    'PUT /_bulk/alerts/action': 'Take an action on the selected alerts',
    'PUT /_bulk/alerts/tag': 'Add tags to the selected alerts',
    'PUT /_bulk/alerts/untag': 'Remove tags from the selected alerts',
    'PUT /_bulk/alerts/attributes': 'Change attributes of the selected alerts',
    'DELETE /_bulk/alerts': 'Delete the selected alerts',
  });
  const reports: Record<string, string> = {
    'GET /alerts/count': 'Count alerts by status and severity',
    'GET /alerts/history': 'The history of the selected alerts',
    'GET /environments': 'Environments with their alert counts',
    'GET /services': 'Services with their alert counts',
    'GET /alerts/groups': 'Groups with their alert counts',
    'GET /alerts/tags': 'Tags with their alert counts',
    'GET /alerts/grouped': 'Alerts counted in groups by one or two fields, a page of groups at a time',
    'GET /alerts/facets': 'The most common values of alert fields, with their counts',
    'GET /oembed': 'An oEmbed card of an alert count',
    'GET /oembed.:format': 'An oEmbed card of an alert count, the format in the path',
  };
  for (const prefix of ['/alerts/top10', '/alerts/topn']) {
    for (const [kind, summary] of Object.entries(TOP_KINDS)) reports[`GET ${prefix}/${kind}`] = summary;
  }
  add('reports', reports);
  add('heartbeats', {
    'POST /heartbeat': 'Send a heartbeat',
    'GET /heartbeat/:id': 'Read one heartbeat',
    'DELETE /heartbeat/:id': 'Delete a heartbeat',
    'GET /heartbeats': 'List heartbeats',
  });
  add('blackouts', {
    'POST /blackout': 'Create a blackout',
    'GET /blackout/:id': 'Read one blackout',
    'PUT /blackout/:id': 'Change a blackout',
    'DELETE /blackout/:id': 'Delete a blackout',
    'GET /blackouts': 'List blackouts',
  });
  add('users', {
    'POST /user': 'Create a user',
    'GET /user/:id': 'Read one user',
    'PUT /user/:id': 'Change a user',
    'DELETE /user/:id': 'Delete a user',
    'GET /users': 'List users',
    'GET /user/:id/attributes': 'Read a user’s attributes',
    'PUT /user/:id/attributes': 'Change a user’s attributes',
    'GET /user/:id/groups': 'List the groups a user belongs to',
    'GET /user/me': 'Read the caller’s own account',
    'PUT /user/me': 'Change the caller’s own account',
    'GET /user/me/attributes': 'Read the caller’s own attributes',
    'PUT /user/me/attributes': 'Change the caller’s own attributes',
    'GET /userinfo': 'The caller’s identity as the sign-in token gives it',
  });
  add('groups', {
    'POST /group': 'Create a group',
    'GET /group/:id': 'Read one group',
    'PUT /group/:id': 'Change a group',
    'DELETE /group/:id': 'Delete a group',
    'GET /groups': 'List groups',
    'GET /group/:id/users': 'List a group’s members',
    'PUT /group/:id/user/:userId': 'Add a user to a group',
    'DELETE /group/:id/user/:userId': 'Remove a user from a group',
  });
  add('perms', {
    'POST /perm': 'Create a permission',
    'GET /perm/:id': 'Read one permission',
    'PUT /perm/:id': 'Change a permission',
    'DELETE /perm/:id': 'Delete a permission',
    'GET /perms': 'List permissions',
    'GET /scopes': 'List every scope',
  });
  add('customers', {
    'POST /customer': 'Create a customer lookup',
    'GET /customer/:id': 'Read one customer lookup',
    'PUT /customer/:id': 'Change a customer lookup',
    'DELETE /customer/:id': 'Delete a customer lookup',
    'GET /customers': 'List customer lookups',
  });
  add('keys', {
    'POST /key': 'Create an API key',
    'GET /key/:key': 'Read one API key',
    'PUT /key/:key': 'Change an API key',
    'DELETE /key/:key': 'Delete an API key',
    'GET /keys': 'List API keys',
  });
  const auth: Record<string, string> = {
    'POST /auth/login': 'Sign in with a login and password',
    'POST /auth/signup': 'Sign up',
    'POST /auth/confirm/:token': 'Confirm an email address',
    'POST /auth/forgot': 'Ask for a password reset mail',
    'POST /auth/reset/:token': 'Set a new password with a reset token',
    'POST /auth/github': 'Sign in through GitHub',
    'POST /auth/cas': 'Sign in through CAS',
    'GET /auth/logout': 'Where to sign out at the identity provider',
    'POST /auth/logout': 'Where to sign out at the identity provider',
    'GET /auth/saml': 'Start a SAML sign-in',
    'POST /auth/saml': 'The SAML identity provider’s answer',
    'GET /auth/saml/metadata.xml': 'This server’s SAML service provider metadata',
  };
  for (const provider of OIDC_ROUTES) auth[`POST /auth/${provider}`] = `Sign in through ${provider} (OpenID Connect)`;
  add('auth', auth);
  add('webhooks', {
    'POST /webhooks/:name': 'Send a payload to a webhook',
    'GET /webhooks/:name': 'Webhooks that answer a GET (Slack’s and others’ checks)',
    'POST /webhooks/:name/*': 'Send a payload to a webhook, with a path of the sender’s',
    'GET /webhooks/:name/*': 'Webhooks that answer a GET, with a path of the sender’s',
  });
  add('management', {
    'GET /management': 'Links to the management routes',
    'GET /management/properties': 'The server’s settings, secrets hidden',
    'GET /management/switchboard': 'The switchboard page',
    'POST /management/switchboard': 'Turn switches on or off',
    'GET /management/manifest': 'The server’s release',
    'GET /management/status': 'Uptime, counts and timings',
    'GET /management/metrics': 'The same in the Prometheus text format',
    'GET /management/housekeeping': 'Run housekeeping now',
    'POST /management/housekeeping': 'Run housekeeping now',
    'GET /management/healthcheck': 'Whether the server and its database answer',
    'GET /management/gtg': 'Whether the server is good to go',
  });
  add('api', {
    'GET /': 'The API’s routes',
    'GET /_': 'A liveness check answering OK',
    'GET /config': 'What the console needs to know about this server',
    'GET /openapi.json': 'This OpenAPI document',
  });
  return operations;
}

const OPERATIONS = catalogue();

/** The summary and tag of `method path`, the path relative to BASE_PATH. */
export function operationOf(method: string, path: string): Operation | undefined {
  return OPERATIONS.get(`${method} ${path}`);
}
