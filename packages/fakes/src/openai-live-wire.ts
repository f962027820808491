import type { WebSocket } from 'ws';

type Json = Record<string, unknown>;

/**
 * One connection to a Live fake session: the primary WebSocket, a trusted sideband, or a WebRTC
 * frontend's `oai-events` data channel (whose media track carries the audio).
 */
export interface LiveWire {
  readonly kind: 'websocket' | 'sideband' | 'webrtc';
  readonly open: boolean;
  send(event: Json): void;
  close(): void;
  terminate(): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: () => void): void;
  /** WebRTC: the model's audio goes out on the media track (one 20 ms frame), not as events. */
  playFrame?: (speaking: boolean) => void;
}

/** A `ws` socket as a wire (the primary WebSocket or a sideband). */
export function webSocketWire(socket: WebSocket, kind: 'websocket' | 'sideband'): LiveWire {
  return {
    kind,
    get open() {
      return socket.readyState === socket.OPEN;
    },
    send: (event) => socket.send(JSON.stringify(event)),
    close: () => socket.close(1000, 'session closed'),
    terminate: () => socket.terminate(),
    onMessage: (listener) => socket.on('message', (data) => listener(data.toString())),
    onClose: (listener) => socket.on('close', listener),
  };
}
