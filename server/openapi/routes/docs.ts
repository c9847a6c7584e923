// This document and its reference page (server/openapi/serve.ts).
import * as z from 'zod/mini';
import { raw, tagged } from '../operation';
import { DOCS_ASSETS } from '../assets';

export const docsOperations = tagged('Documentation', [
  {
    method: 'get',
    path: '/v1/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the zod contract (src/api/contract) and the route table (server/openapi/routes).',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The document.', body: raw('application/json') },
  },
  {
    method: 'get',
    path: '/docs',
    summary: 'The reference page (Swagger UI)',
    description: 'Served with its assets from the API itself, no CDN, under its own Content-Security-Policy.',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The page.', body: raw('text/html') },
  },
  {
    method: 'get',
    path: '/docs/:file',
    summary: "The reference page's scripts and styles",
    caller: { kind: 'anyone' },
    params: {
      file: { schema: z.enum(Object.keys(DOCS_ASSETS) as [string, ...string[]]), example: 'swagger-ui.css', description: 'One of the page\'s files.' },
    },
    reply: { status: 200, description: 'The file (cached for a day).', body: raw('application/octet-stream') },
  },
]);
