/**
 * The request bodies of the official Python SDK (`alertaclient.api.Client`), key for key: every optional field is
 * present, `None` (JSON null) when the caller did not give it, and dates are written `YYYY-MM-DDThh:mm:ss.sssZ`.
 * Options are named as the SDK's keyword arguments.
 */
type Options = Record<string, unknown>;

/** `kwargs.get(name)`, or Python's `value or default`: null when not given, the default for None. */
const or = (options: Options, name: string, fallback: unknown = null): unknown => options[name] ?? fallback;
/** A keyword argument with a default: the default only when not passed (the CLI passes None explicitly). */
const kw = (options: Options, name: string, fallback: unknown): unknown => (name in options ? options[name] : fallback);

/** `CustomJsonEncoder`: UTC, milliseconds, a literal Z. */
export const sdkDate = (date = new Date()): string => date.toISOString();

export const sdk = {
  sendAlert: (resource: string, event: string, o: Options = {}) => ({
    id: or(o, 'id'),
    resource,
    event,
    environment: or(o, 'environment'),
    severity: or(o, 'severity'),
    correlate: or(o, 'correlate', []),
    service: or(o, 'service', []),
    group: or(o, 'group'),
    value: or(o, 'value'),
    text: or(o, 'text'),
    tags: or(o, 'tags', []),
    attributes: or(o, 'attributes', {}),
    origin: or(o, 'origin'),
    type: or(o, 'type'),
    createTime: sdkDate(),
    timeout: or(o, 'timeout'),
    rawData: or(o, 'raw_data'),
    customer: or(o, 'customer'),
  }),
  setStatus: (status: string, text = '', timeout: number | null = null) => ({ status, text, timeout }),
  action: (action: string, text = '', timeout: number | null = null) => ({ action, text, timeout }),
  alertNote: (text: string | null) => ({ text }),
  heartbeat: (origin: string | null, o: Options = {}) => ({
    origin,
    tags: or(o, 'tags', []),
    attributes: or(o, 'attributes', {}),
    timeout: or(o, 'timeout'),
    createTime: sdkDate(),
    customer: or(o, 'customer'),
  }),
  createBlackout: (environment: string, o: Options = {}) => ({
    environment,
    service: or(o, 'service', []),
    resource: or(o, 'resource'),
    event: or(o, 'event'),
    group: or(o, 'group'),
    tags: or(o, 'tags', []),
    origin: or(o, 'origin'),
    customer: or(o, 'customer'),
    startTime: or(o, 'start'),
    duration: or(o, 'duration'),
    text: or(o, 'text'),
  }),
  updateBlackout: (o: Options = {}) => ({
    customer: or(o, 'customer'),
    environment: or(o, 'environment'),
    service: or(o, 'service'),
    resource: or(o, 'resource'),
    event: or(o, 'event'),
    group: or(o, 'group'),
    tags: or(o, 'tags'),
    origin: or(o, 'origin'),
    startTime: or(o, 'startTime'),
    endTime: or(o, 'endTime'),
    text: or(o, 'text'),
  }),
  /** `create_key`: `expireTime` only when an expiry is given. */
  createKey: (username: string | null, o: Options = {}) => ({
    user: username,
    scopes: or(o, 'scopes', []),
    text: kw(o, 'text', ''),
    customer: or(o, 'customer'),
    key: or(o, 'key'),
    ...(o.expires === undefined ? {} : { expireTime: o.expires }),
  }),
  updateKey: (o: Options = {}) => ({
    scopes: or(o, 'scopes'),
    text: or(o, 'text'),
    expireTime: or(o, 'expireTime'),
    customer: or(o, 'customer'),
  }),
  createUser: (name: string | null, email: string, password: string, o: Options = {}) => ({
    name,
    email,
    password,
    status: or(o, 'status'),
    roles: or(o, 'roles', []),
    attributes: or(o, 'attributes', {}),
    text: kw(o, 'text', ''),
    email_verified: kw(o, 'email_verified', false),
  }),
  updateUser: (o: Options = {}) => ({
    name: or(o, 'name'),
    email: or(o, 'email'),
    password: or(o, 'password'),
    status: or(o, 'status'),
    roles: or(o, 'roles', []),
    attributes: or(o, 'attributes', {}),
    text: or(o, 'text'),
    email_verified: or(o, 'email_verified'),
  }),
  updateMe: (o: Options = {}) => ({
    name: or(o, 'name'),
    email: or(o, 'email'),
    password: or(o, 'password'),
    status: or(o, 'status'),
    attributes: or(o, 'attributes', {}),
    text: or(o, 'text'),
  }),
  signup: (name: string | null, email: string, password: string, o: Options = {}) => ({
    name,
    email,
    password,
    status: or(o, 'status'),
    attributes: or(o, 'attributes', {}),
    text: kw(o, 'text', ''),
  }),
  login: (username: string, password: string) => ({ username, password }),
  createGroup: (name: string, text: string | null) => ({ name, text }),
  updateGroup: (o: Options = {}) => ({ name: or(o, 'name'), text: or(o, 'text') }),
  createPerm: (role: string, scopes: string[] = []) => ({ match: role, scopes }),
  updatePerm: (o: Options = {}) => ({ match: or(o, 'match'), scopes: or(o, 'scopes') }),
  createCustomer: (customer: string, match: string) => ({ customer, match }),
  updateCustomer: (o: Options = {}) => ({ match: or(o, 'match'), customer: or(o, 'customer') }),
};
