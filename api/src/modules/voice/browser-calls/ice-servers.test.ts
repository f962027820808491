import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/env.ts';
import { iceServersOf } from './ice-servers.ts';

describe('WEBRTC_ICE_SERVERS', () => {
  it('defaults to a public STUN server', () => {
    expect(iceServersOf(loadConfig({}))).toEqual([{ urls: ['stun:stun.l.google.com:19302'] }]);
  });

  it('is empty with none (loopback, e2e)', () => {
    expect(iceServersOf(loadConfig({ WEBRTC_ICE_SERVERS: 'none' }))).toEqual([]);
  });

  it('refuses anything but stun:/turn: URLs, naming the variable', () => {
    expect(() => loadConfig({ WEBRTC_ICE_SERVERS: 'stun:ok.test:3478,https://not-ice.test' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ WEBRTC_ICE_SERVERS: 'https://not-ice.test' })).toThrow(/WEBRTC_ICE_SERVERS/);
  });
});
