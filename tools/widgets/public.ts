import { OutcomeError } from '../../src/kernel/errors.js';
import { widgetIds } from './ids.js';
import type { PublicRoute } from '../../src/kernel/public-route.js';
import { idPattern } from '../../src/kernel/ids.js';
import { renderNotice } from '../../src/render/page.js';
import { resolveTheme } from '../../src/render/theme.js';
import { formOf, previewOf } from './engine.js';
import { submitForm } from './submissions.js';

const widgetId = idPattern(widgetIds.widget);
const versionOf = (value: string | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

/** `GET /p/:widgetId?v=N&sig=…`: one version's page, for the people an agent shows it to, under a strict CSP. */
export const widgetPreview: PublicRoute = {
  method: 'GET',
  path: '/p/:widgetId',
  async handle(request, context) {
    const id = request.params.widgetId ?? '';
    const version = versionOf(request.query.v);
    const signature = request.query.sig ?? '';
    const page = widgetId.test(id) && version && /^[A-Za-z0-9_-]{43}$/.test(signature) ? await previewOf(context, id, version, signature) : null;
    if (!page) throw new OutcomeError('not_found', 'This preview link is not valid. Ask for a new one (widget_get returns it).');
    return { status: 200, type: 'html', body: page.html, csp: page.csp };
  },
};

/** `POST /f/:widgetId?v=N&s=section`: a visitor's form post; a page for a plain form, JSON for the page's script. */
export const widgetForm: PublicRoute = {
  method: 'POST',
  path: '/f/:widgetId',
  rateLimit: { max: 10, windowMs: 10 * 60_000 },
  async handle(request, context) {
    const id = request.params.widgetId ?? '';
    const version = versionOf(request.query.v);
    // A version that cannot be read would silently check the post against another form than the visitor saw.
    if (request.query.v !== undefined && version === undefined)
      throw new OutcomeError('invalid_input', `The form address carries version "${request.query.v}", which is not a version number; reload the page and try again.`);
    const target = widgetId.test(id) ? await formOf(context.store, id, version) : null;
    if (!target) throw new OutcomeError('not_found', 'This form does not exist (any more).');
    const result = await submitForm(
      context.store,
      { widgetId: id, accountId: target.accountId, version: target.version, document: target.document, sectionId: request.query.s },
      request.body,
      context.now(),
    );
    if (result.stored) context.log.info({ widget_id: id, submission_id: result.id }, 'form submission stored');
    else context.log.info({ widget_id: id }, 'form submission dropped: honeypot filled');
    if (request.wantsJson) return { status: 200, type: 'json', body: { ok: true, message: result.message } };
    const { theme } = resolveTheme(target.document.draft.theme);
    const page = renderNotice({ title: 'Thank you', message: result.message, lang: target.document.draft.lang, theme, back: request.referer });
    return { status: 200, type: 'html', body: page.html, csp: page.csp };
  },
};

export const widgetRoutes: PublicRoute[] = [widgetPreview, widgetForm];
