import type { IceServer } from '@annie/contracts/realtime';
import type { AppConfig } from '../../../config/env.ts';

type IceConfig = Pick<AppConfig, 'WEBRTC_ICE_SERVERS' | 'WEBRTC_TURN_USERNAME' | 'WEBRTC_TURN_CREDENTIAL'>;

/** The configured ICE servers as RTCConfiguration.iceServers: the STUN URLs together, the TURN ones with their credentials. */
export function iceServersOf(config: IceConfig): IceServer[] {
  const stun = config.WEBRTC_ICE_SERVERS.filter((url) => url.startsWith('stun'));
  const turn = config.WEBRTC_ICE_SERVERS.filter((url) => url.startsWith('turn'));
  const servers: IceServer[] = [];
  if (stun.length > 0) servers.push({ urls: stun });
  if (turn.length > 0) {
    servers.push({
      urls: turn,
      ...(config.WEBRTC_TURN_USERNAME ? { username: config.WEBRTC_TURN_USERNAME } : {}),
      ...(config.WEBRTC_TURN_CREDENTIAL ? { credential: config.WEBRTC_TURN_CREDENTIAL } : {}),
    });
  }
  return servers;
}
