/**
 * MCP Apps (SEP-1865, the extension `io.modelcontextprotocol/ui`, stable revision 2026-01-26):
 * the names a server uses to declare a view for its tools' results. The source is the spec in
 * modelcontextprotocol/ext-apps (`specification/2026-01-26/apps.mdx`, `src/spec.types.ts`).
 * A host without Apps ignores all of it and keeps the text, JSON and links of the result.
 */

export const appsExtensionId = 'io.modelcontextprotocol/ui';

/** The revision the view asks for in `ui/initialize` (the SDK's LATEST_PROTOCOL_VERSION). */
export const appsProtocolVersion = '2026-01-26';

/** The MIME type of a UI resource, on its `resources/list` entry and its `resources/read` contents. */
export const appMimeType = 'text/html;profile=mcp-app';

/**
 * `_meta.ui.csp` of a UI resource: the origins its view may reach. The host builds the view's
 * Content-Security-Policy from it and allows nothing undeclared: `connectDomains` → connect-src,
 * `resourceDomains` → img/script/style/font/media-src, `frameDomains` → frame-src (else
 * 'none'), `baseUriDomains` → base-uri (else 'self').
 */
export interface UiResourceCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** `_meta.ui` of a UI resource (on its `resources/read` contents item, and its listing entry). */
export interface UiResourceMeta {
  csp?: UiResourceCsp;
  /** Browser features the view asks for (each maps to the iframe's `allow`); hosts may refuse. */
  permissions?: { camera?: object; microphone?: object; geolocation?: object; clipboardWrite?: object };
  /** A dedicated sandbox origin; its format is host-specific. */
  domain?: string;
  /** Whether the host should draw a border and background around the view. */
  prefersBorder?: boolean;
}

/** A UI resource's entry in `resources/list`. */
export interface UiResourceListing {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: typeof appMimeType;
  _meta: { ui: UiResourceMeta };
}

/** The `contents` item of a UI resource's `resources/read` result: the view's whole HTML document. */
export interface UiResourceContents {
  uri: string;
  mimeType: typeof appMimeType;
  text: string;
  _meta: { ui: UiResourceMeta };
}
