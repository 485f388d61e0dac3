import type { FastifyReply } from 'fastify';

/** Adds `name` to the answer's Vary header, beside what is there already (a console file's Accept-Encoding). */
export function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary === undefined || vary === '' ? name : `${String(vary)}, ${name}`);
}
