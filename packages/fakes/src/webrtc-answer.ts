import type { MediaStreamTrack, RTCDataChannel, RTCPeerConnection } from 'werift';

/** What the answering peer hands on: microphone packets, data channels, and the connection's end. */
export type AnswerHandlers = {
  onMicrophonePacket: () => void;
  onDataChannel: (channel: RTCDataChannel) => void;
  onClosed: (state: 'closed' | 'failed') => void;
};

/**
 * Answers a browser's SDP offer with a werift peer that sends `speaker` on the offered audio
 * transceiver (send and receive), and returns the answer's SDP.
 */
export async function answerOffer(
  pc: RTCPeerConnection,
  speaker: MediaStreamTrack,
  offerSdp: string,
  handlers: AnswerHandlers,
): Promise<string> {
  // Subscribe before setRemoteDescription: a track subscribed later counts no packets (tried).
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe(() => handlers.onMicrophonePacket());
  });
  pc.onDataChannel.subscribe((channel) => handlers.onDataChannel(channel));
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'closed' || state === 'failed') handlers.onClosed(state);
  });
  await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
  const audio = pc.getTransceivers().find((transceiver) => transceiver.kind === 'audio');
  if (audio) {
    await audio.sender.replaceTrack(speaker);
    audio.setDirection('sendrecv');
  }
  await pc.setLocalDescription(await pc.createAnswer());
  const local = pc.localDescription;
  if (!local) throw new Error('No local description');
  return local.sdp;
}
