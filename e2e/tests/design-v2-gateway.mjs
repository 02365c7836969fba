// A second gateway, the same binary with `design_version v2`, in front of the origin the
// harness already runs: footer v2 is operator configuration, so only another gateway shows it.
import { startGateway } from '../lib/gateway.mjs';

/** Starts it; returns { base, stop }. origin is the harness's origin ("http://localhost:8081"). */
export async function startDesignV2Gateway(origin) {
  const { base, stop } = await startGateway({
    logName: 'gateway-design-v2.log',
    config: ({ port, admin }) => `{\n\tadmin ${admin}\n}\n\nhttp://:${port} {\n\tshell {\n\t\tdesign_version v2\n\t}\n\treverse_proxy ${new URL(origin).host}\n}\n`,
  });
  return { base, stop };
}
