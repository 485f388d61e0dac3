import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: below about a kilobyte, compressing saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli's quality for API answers. Higher qualities shrink a page of alerts a little more for several times the CPU
 * (README.md#compression has the figures), and every refresh of every open console pays it.
 */
export const BROTLI_QUALITY = 4;

/**
 * Compresses the API's answers of COMPRESSION_THRESHOLD bytes or more with brotli or gzip, whichever the client's
 * Accept-Encoding prefers (README.md#compression). Registered inside the API's scope, after the hooks that tag
 * entity tags and CORS headers: those see the plain JSON, so an ETag names the same JSON whatever the encoding and a
 * 304 (no body) is never compressed. Request bodies are not decompressed: MAX_CONTENT_LENGTH counts what arrives.
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: 6 },
  });
}
