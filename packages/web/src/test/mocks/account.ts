import { http, HttpResponse } from 'msw';
import { API, makeToken } from '../fixtures';
import { onReset, refusal } from './scenario';

type Attributes = Record<string, unknown>;
type Refusal = { status: number; message: string };

let attributes: Attributes = {};
let attributesRefusal: Refusal | undefined;
let saveRefusal: Refusal | undefined;
let loginToken: string | undefined;
let loginRefusal: Refusal | undefined;
let signupToken: string | undefined;
let signupRefusal: Refusal | undefined;
let logoutBody: Record<string, unknown> = {};

onReset(() => {
  attributes = {};
  attributesRefusal = undefined;
  saveRefusal = undefined;
  loginToken = undefined;
  loginRefusal = undefined;
  signupToken = undefined;
  signupRefusal = undefined;
  logoutBody = {};
})();

/**
 * The signed-in user's own attributes (GET and PUT /user/me/attributes, where the console keeps preferences and saved
 * searches): none by default; a PUT merges into them, as the server does, so the next GET returns what was saved.
 */
export const meScenario = {
  attributes(next: Attributes): void {
    attributes = structuredClone(next);
  },
  /** Shorthand for the console's preferences, kept under `prefs`. */
  prefs(prefs: Attributes): void {
    attributes = { ...attributes, prefs: structuredClone(prefs) };
  },
  /** GET /user/me/attributes is refused with this status and message. */
  failing(status: number, message: string): void {
    attributesRefusal = { status, message };
  },
  /** PUT /user/me/attributes is refused with this status and message. */
  savesFailing(status: number, message: string): void {
    saveRefusal = { status, message };
  },
  /** The attributes as they stand now, after the console's saves. */
  current: (): Attributes => attributes,
};

/**
 * Signing in, up and out (POST /auth/login, /auth/signup, /auth/logout). A login or signup answers a fresh token
 * unless a test names one or a refusal; logout answers `ok` with whatever else the test gives (e.g. `logoutUrl`).
 */
export const authScenario = {
  login(token: string): void {
    loginToken = token;
    loginRefusal = undefined;
  },
  loginFailing(status: number, message: string): void {
    loginRefusal = { status, message };
  },
  signup(token: string): void {
    signupToken = token;
    signupRefusal = undefined;
  },
  signupFailing(status: number, message: string): void {
    signupRefusal = { status, message };
  },
  logout(body: Record<string, unknown>): void {
    logoutBody = body;
  },
};

const refused = (refusalOf: Refusal | undefined) =>
  refusalOf === undefined ? undefined : refusal(refusalOf.status, refusalOf.message);

export const accountHandlers = [
  http.get(
    `${API}/user/me/attributes`,
    () => refused(attributesRefusal) ?? HttpResponse.json({ status: 'ok', total: 1, attributes }),
  ),
  http.put(`${API}/user/me/attributes`, async ({ request }) => {
    const refuse = refused(saveRefusal);
    if (refuse !== undefined) return refuse;
    const body = (await request.json()) as { attributes?: Attributes };
    attributes = { ...attributes, ...body.attributes };
    return HttpResponse.json({ status: 'ok' });
  }),
  http.post(
    `${API}/auth/login`,
    () => refused(loginRefusal) ?? HttpResponse.json({ token: loginToken ?? makeToken() }),
  ),
  http.post(
    `${API}/auth/signup`,
    () => refused(signupRefusal) ?? HttpResponse.json({ token: signupToken ?? makeToken() }),
  ),
  http.post(`${API}/auth/logout`, () => HttpResponse.json({ status: 'ok', ...logoutBody })),
];
