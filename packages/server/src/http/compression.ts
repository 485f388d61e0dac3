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

/** The encodings answers are compressed with, the first preferred when a client accepts both equally. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
  },
};
export const GZIP_OPTIONS = { level: 6 };

/**
 * Answers up to this size are compressed in one call rather than through a compression stream, whose set-up and
 * buffers cost more than compressing a page of alerts (a few hundred microseconds at BROTLI_QUALITY). Larger ones
 * (a CSV export, a page of thousands of alerts) stream, so that no answer holds the server for long.
 */
const COMPRESS_AT_ONCE_BELOW = 256 * 1024;

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
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: COMPRESS_AT_ONCE_BELOW,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
