import { describe, expect, it } from 'vitest';
import { connectStreamTwiml, rejectTwiml } from './twilio-calls.ts';
import { clearMessage, markMessage, mediaMessage, parseTwilioStreamMessage } from './twilio-media-stream.ts';

describe('Twilio Media Streams messages', () => {
  it('reads start with its custom parameters, caller media, marks and stop', () => {
    const start = {
      event: 'start',
      sequenceNumber: '1',
      streamSid: 'MZ1',
      start: {
        accountSid: 'AC1',
        streamSid: 'MZ1',
        callSid: 'CA1',
        tracks: ['inbound'],
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        customParameters: { streamToken: 'abc' },
      },
    };
    expect(parseTwilioStreamMessage(JSON.stringify(start))).toMatchObject({
      event: 'start',
      start: { callSid: 'CA1', streamSid: 'MZ1', customParameters: { streamToken: 'abc' } },
    });
    const media = {
      event: 'media',
      streamSid: 'MZ1',
      media: { track: 'inbound', chunk: '2', timestamp: '20', payload: '/w==' },
    };
    expect(parseTwilioStreamMessage(JSON.stringify(media))).toEqual({ event: 'media', payload: '/w==' });
    expect(parseTwilioStreamMessage('{"event":"mark","streamSid":"MZ1","mark":{"name":"end_call"}}')).toEqual(
      {
        event: 'mark',
        name: 'end_call',
      },
    );
    expect(parseTwilioStreamMessage('{"event":"stop","streamSid":"MZ1"}')).toEqual({ event: 'stop' });
  });

  it('ignores what is not the caller: another track, a start without a call, malformed JSON, unknown events', () => {
    const outbound = { event: 'media', media: { track: 'outbound', payload: '/w==' } };
    expect(parseTwilioStreamMessage(JSON.stringify(outbound))).toEqual({ event: 'other' });
    expect(parseTwilioStreamMessage('{"event":"start","start":{"streamSid":"MZ1"}}')).toEqual({
      event: 'other',
    });
    expect(parseTwilioStreamMessage('{"event":"media"')).toEqual({ event: 'other' });
    expect(parseTwilioStreamMessage('{"event":"dtmf","dtmf":{"digit":"12"}}')).toEqual({ event: 'other' });
    expect(parseTwilioStreamMessage('{"event":"dtmf","dtmf":{"digit":"x"}}')).toEqual({ event: 'other' });
    expect(parseTwilioStreamMessage('{"event":"connected","protocol":"Call"}')).toEqual({ event: 'other' });
    expect(parseTwilioStreamMessage('null')).toEqual({ event: 'other' });
  });

  it('reads a key the caller pressed (dtmf, inbound_track) as one digit', () => {
    const dtmf = {
      event: 'dtmf',
      streamSid: 'MZ1',
      sequenceNumber: '5',
      dtmf: { track: 'inbound_track', digit: '#' },
    };
    expect(parseTwilioStreamMessage(JSON.stringify(dtmf))).toEqual({ event: 'dtmf', digit: '#' });
  });

  it('writes only media, mark and clear back, each naming the stream', () => {
    expect(JSON.parse(mediaMessage('MZ1', '/w=='))).toEqual({
      event: 'media',
      streamSid: 'MZ1',
      media: { payload: '/w==' },
    });
    expect(JSON.parse(markMessage('MZ1', 'end_call'))).toEqual({
      event: 'mark',
      streamSid: 'MZ1',
      mark: { name: 'end_call' },
    });
    expect(JSON.parse(clearMessage('MZ1'))).toEqual({ event: 'clear', streamSid: 'MZ1' });
  });
});

describe('TwiML for calls', () => {
  it('connects a stream with its parameters escaped, and rejects with a reason', () => {
    const twiml = connectStreamTwiml('wss://annie.example.test/api/phone/media-streams/1', {
      streamToken: 'a&b"c',
    });
    expect(twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://annie.example.test/api/phone/media-streams/1"><Parameter name="streamToken" value="a&amp;b&quot;c"/></Stream></Connect></Response>',
    );
    expect(rejectTwiml('busy')).toContain('<Reject reason="busy"/>');
  });
});
