/**
 * The MCP App views (extension `io.modelcontextprotocol/ui`) a tool's results can be shown in,
 * by the URI of their `ui://` resource. A tool names one with `view`; hosts with Apps render
 * the result inside it, others ignore it and keep the text, JSON and links.
 */
export const viewUris = {
  /** A generated page (`html` in the result), shown as the visitor would see it. */
  page: 'ui://agent-outcomes/page-viewer.html',
} as const;

export type ViewName = keyof typeof viewUris;

/** A tool's `_meta` naming its view; older hosts read only the flat key the spec deprecates. */
export function viewMeta(view: ViewName): { ui: { resourceUri: string }; 'ui/resourceUri': string } {
  return { ui: { resourceUri: viewUris[view] }, 'ui/resourceUri': viewUris[view] };
}
