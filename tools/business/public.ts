import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import type { PublicRoute } from '../../src/kernel/public-route.js';
import { overviewOf, previewPayload, readVersion } from './engine.js';
import { businessIds } from './ids.js';

const businessId = idPattern(businessIds.business);

/** `GET /b/:businessId?v=N&sig=…`: one version's overview page, for the people its link is given to. */
export const businessOverview: PublicRoute = {
  method: 'GET',
  path: '/b/:businessId',
  async handle(request, context) {
    const id = request.params.businessId ?? '';
    const version = /^[1-9]\d{0,8}$/.test(request.query.v ?? '') ? Number(request.query.v) : undefined;
    const signature = request.query.sig ?? '';
    const valid = businessId.test(id) && version !== undefined && /^[A-Za-z0-9_-]{43}$/.test(signature) && (await context.files.verifySignature(previewPayload(id, version), signature));
    const row = valid ? await readVersion(context.store, id, null, version) : null;
    if (!row) throw new OutcomeError('not_found', 'This overview link is not valid. Ask for a new one (business_box_get returns it).');
    const page = overviewOf(context.baseUrl, row);
    return { status: 200, type: 'html', body: page.html, csp: page.csp };
  },
};
