import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Harness } from '../support/harness.js';
import { SdkBridge } from '../support/sdk.js';
import { sdkAlertMethods } from './sdk-alerts.js';
import { sdkLookupMethods } from './sdk-lookups.js';
import { sdkUserMethods } from './sdk-users.js';

/** Every public method of the SDK's `Client`, called through one Python process holding the configuration's client. */
export function sdkMethods(h: Harness): void {
  describe('SDK', () => {
    let bridge: SdkBridge | undefined;
    const sdk = (): SdkBridge => {
      if (bridge === undefined) throw new Error('the SDK bridge is not running');
      return bridge;
    };
    before(async () => {
      bridge = new SdkBridge();
      await bridge.connect('main', { endpoint: h.cli.endpoint, ...h.cli.credentials() });
    });
    after(() => bridge?.stop());

    sdkAlertMethods(h, sdk);
    sdkLookupMethods(h, sdk);
    sdkUserMethods(h, sdk);

    it('every public method of the SDK’s Client was called', async () => {
      const methods = await sdk().methods();
      assert.equal(methods.length, 74);
      assert.deepEqual(
        methods.filter((method) => !sdk().called.has(method)),
        [],
      );
    });
  });
}
