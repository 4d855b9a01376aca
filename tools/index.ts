import type { Tool } from '../src/kernel/tool.js';
import jobStatus from './status/status.tool.js';
import usageGet from './usage/get.tool.js';
import invoiceDraft from './invoice/draft.tool.js';
import invoiceConfirm from './invoice/confirm.tool.js';
import invoiceCreate from './invoice/create.tool.js';
import invoiceGet from './invoice/get.tool.js';
import contentRepurpose from './content/repurpose.tool.js';
import contentRevise from './content/revise.tool.js';
import contentGet from './content/get.tool.js';
import widgetGenerate from './widgets/generate.tool.js';
import widgetRevise from './widgets/revise.tool.js';
import widgetGet from './widgets/get.tool.js';
import widgetSubmissions from './widgets/submissions.tool.js';
import clipsFactory from './clips/factory.tool.js';
import clipsGet from './clips/get.tool.js';
import type { PublicRoute } from '../src/kernel/public-route.js';
import { widgetRoutes } from './widgets/public.js';

/** The catalogue: the only list of tools. Every transport, discovery and OpenAPI derive from it. */
export const catalogue: readonly Tool[] = [jobStatus, usageGet, invoiceDraft, invoiceConfirm, invoiceCreate, invoiceGet, contentRepurpose, contentRevise, contentGet,
  widgetGenerate, widgetRevise, widgetGet, widgetSubmissions,
  clipsFactory, clipsGet,
];

/** Pages and endpoints for people without a key (previews, form posts), declared by the outcomes that own them. */
export const publicRoutes: readonly PublicRoute[] = [...widgetRoutes];
