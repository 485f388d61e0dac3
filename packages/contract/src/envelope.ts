import { z } from 'zod/mini';

/** docs/api/conventions.md: every error answers with this envelope. */
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  code: z.int(),
  errors: z.nullable(z.array(z.string())),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** A success envelope: `status: "ok"` plus the payload's own keys. */
export const okEnvelopeSchema = z.looseObject({ status: z.literal('ok') });

/** Paging keys of list endpoints (docs/api/conventions.md). */
export const pagingSchema = z.object({
  page: z.int(),
  pageSize: z.int(),
  pages: z.int(),
  more: z.boolean(),
  total: z.int(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** docs/api/conventions.md: pages = ((total-1)//pageSize)+1, more = page < pages. */
export function computePaging(total: number, page: number, pageSize: number): Paging {
  const pages = total > 0 ? Math.floor((total - 1) / pageSize) + 1 : 0;
  return { page, pageSize, pages, more: page < pages, total };
}
