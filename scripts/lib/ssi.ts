/**
 * The part of nginx's server-side includes (https://nginx.org/en/docs/http/ngx_http_ssi_module.html)
 * that the shell's `landing.html` uses, for the Node gateway of the local stack; nginx does the same in
 * docker-compose (docker/nginx/gateway.conf, `ssi on`). Two commands:
 *
 *   <!--# block name="N" -->…<!--# endblock -->          defines a stub and outputs nothing
 *   <!--# include virtual="/path" stub="N" -->             the answer to /path, or block N when that
 *                                                           request fails or answers an empty body
 *
 * Anything else is left as it is: an HTML comment to the browser.
 */

const BLOCK = /<!--# block name="([^"]+)" -->([\s\S]*?)<!--# endblock -->/g;
const INCLUDE = /<!--# include virtual="([^"]+)"(?: stub="([^"]+)")? -->/g;

/**
 * Fetches what an `include virtual` names: its body, or null for a failed request, a status other
 * than 200, or an empty body (then the stub is used, as nginx does).
 */
export type IncludeFetcher = (virtualPath: string) => Promise<string | null>;

/** `html` with its blocks removed and each include replaced by its answer or its stub. */
export async function renderIncludes(html: string, fetchInclude: IncludeFetcher): Promise<string> {
  const blocks = new Map<string, string>();
  const withoutBlocks = html.replace(BLOCK, (_all, name: string, body: string) => {
    blocks.set(name, body);
    return '';
  });
  const includes = [...withoutBlocks.matchAll(INCLUDE)];
  const answers = await Promise.all(
    includes.map(([, virtualPath]) =>
      Promise.resolve()
        .then(() => fetchInclude(virtualPath!))
        .catch(() => null),
    ),
  );
  let i = 0;
  return withoutBlocks.replace(INCLUDE, (_all, _path: string, stub: string | undefined) => {
    const answer = answers[i++];
    return answer ? answer : stub ? (blocks.get(stub) ?? '') : '';
  });
}
