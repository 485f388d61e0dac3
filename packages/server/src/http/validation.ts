import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
  HookHandlerDoneFunction,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import {
  type ZodTypeProvider,
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { ApiError, badRequest } from '../errors.js';

/** What a route answers when its params, query string or body does not match its schema; see `inputError`. */
export type InvalidInput =
  /** The default: 400, the message naming the field (docs/api/conventions.md#errors). */
  | 'fields'
  /**
   * 400 with the first problem's own text, as the sign-in routes answer (docs/api/auth.md#routes), a body that is not
   * an object included.
   */
  | 'first-issue'
  /** A fixed answer, whatever the problem (POST /auth/login answers 401). */
  | { statusCode: number; message: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How a request that fails the route's schema is answered; `'fields'` unless given. */
    invalidInput?: InvalidInput;
  }
}

/** A Fastify instance whose routes take zod schemas and give handlers their parsed, typed input. */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** One schema problem: where (the path inside the request part) and what. */
export interface InputIssue {
  path: readonly PropertyKey[];
  message: string;
}

export const NOT_AN_OBJECT = 'the request body must be a JSON object';

/**
 * The 400 for input that fails a schema (docs/api/alerts.md, docs/api/conventions.md#errors): each problem names its
 * field unless its message already does; the first one is the message, all of them the `errors`.
 */
export function fieldsError(issues: readonly InputIssue[], fallback = 'invalid request'): ApiError {
  const describe = (issue: InputIssue): string => {
    const field = issue.path.map(String).join('.');
    if (field === '' || issue.message.includes(`'${field}'`) || issue.message.includes(`"${field}"`)) {
      return issue.message;
    }
    return `'${field}': ${issue.message}`;
  };
  const messages = issues.map(describe);
  return badRequest(messages[0] ?? fallback, messages);
}

/** The path of a validation problem as Fastify reports it (`/tags/0`), as a list of keys. */
function pathOf(instancePath: string): string[] {
  return instancePath === '/' || instancePath === '' ? [] : instancePath.slice(1).split('/');
}

/**
 * The one place a schema validation failure becomes an answer: the error envelope, with the same messages the routes
 * gave when each parsed its own input. A body that is not a JSON object at all (null, a list, a string) is named as
 * such, whatever the route's fields.
 */
export function inputError(error: unknown, invalidInput: InvalidInput = 'fields'): ApiError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  if (typeof invalidInput === 'object') return new ApiError(invalidInput.statusCode, invalidInput.message);
  const issues = error.validation.map((issue) => ({
    path: pathOf(issue.instancePath),
    message: issue.message ?? 'invalid value',
  }));
  if (invalidInput === 'first-issue') return badRequest(issues[0]?.message ?? 'invalid body');
  if (error.validationContext === 'body' && issues.some((issue) => issue.path.length === 0)) {
    return badRequest(NOT_AN_OBJECT);
  }
  return fieldsError(issues);
}

/**
 * A preValidation step for routes that have always read a JSON `null` body, or none, as `{}`: the sign-in routes
 * then name the field that is missing (docs/api/auth.md#routes).
 */
export function absentBodyIsEmpty(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  request.body ??= {};
  done();
}

/**
 * A preValidation step that runs `check` before the body is read, so that what it refuses (a sign-in provider that is
 * not enabled, a token that is not valid) is the answer whatever the body holds.
 */
export function checkFirst(
  check: (request: FastifyRequest) => void,
): (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  return (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    done();
  };
}

/**
 * Response schemas describe the answers in the OpenAPI document (docs/api/README.md#openapi-document) but do not
 * shape them: each answer is written as the handler made it, so a schema can never drop a field a client reads.
 */
const describeOnlySerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** Route schemas are zod schemas from the contract: parsed on the way in, documented on the way out. */
export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(describeOnlySerializer);
}

/** Whether an error is a request that failed its route's schema. */
export const isInputError = (error: unknown): boolean => hasZodFastifySchemaValidationErrors(error);
