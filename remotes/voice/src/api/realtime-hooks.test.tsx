import { jsonResponse, stubFetch } from '@annie/test-fixtures/fetch-stub';
import { createQueryWrapper } from '@annie/test-fixtures/query-wrapper';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeOfferFailure, postRealtimeOffer, useRealtimeOffer } from './post-realtime-offer.ts';
import { useIceServers } from './use-ice-servers.ts';

const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
const ANSWER = 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answered() {
  return new Response(ANSWER, {
    status: 201,
    headers: {
      'Content-Type': 'application/sdp',
      'X-Call-Session-Id': '5b0f7c3e-1d6a-4f7e-9c1e-2a4b6c8d0e1f',
      'X-Realtime-Call-Id': 'rtc_123',
    },
  });
}

describe('POST /api/realtime/offer', () => {
  it('sends the offer as application/sdp with the identity headers and reads the answer and both ids', async () => {
    const api = stubFetch({ 'POST /api/realtime/offer': answered() });
    expect(await postRealtimeOffer(OFFER)).toEqual({
      sdp: ANSWER,
      callSessionId: '5b0f7c3e-1d6a-4f7e-9c1e-2a4b6c8d0e1f',
      realtimeCallId: 'rtc_123',
      engine: 'realtime',
    });
    expect(api.requests('POST')[0]?.body).toBe(OFFER);
    const init = api.fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/sdp', 'X-Tenant-Id': 'default' });
  });

  it('reads the engine the server chose from X-Voice-Engine: live only when it says so', async () => {
    const live = answered();
    live.headers.set('X-Voice-Engine', 'live');
    stubFetch({ 'POST /api/realtime/offer': live });
    expect((await postRealtimeOffer(OFFER)).engine).toBe('live');
    const odd = answered();
    odd.headers.set('X-Voice-Engine', 'something-else');
    stubFetch({ 'POST /api/realtime/offer': odd });
    expect((await postRealtimeOffer(OFFER)).engine).toBe('realtime');
  });

  it('turns a refusal into "Failed to get answer: {status}" with the server\'s reason', async () => {
    stubFetch({
      'POST /api/realtime/offer': {
        status: 503,
        body: { message: 'OpenAI is not configured: set OPENAI_API_KEY', code: 'not_configured' },
      },
    });
    const { result } = renderHook(() => useRealtimeOffer(), { wrapper: createQueryWrapper().wrapper });
    let failure: unknown;
    await act(async () => {
      failure = await result.current.mutateAsync(OFFER).catch((error: unknown) => error);
    });
    expect(describeOfferFailure(failure)).toEqual({
      title: 'Failed to get answer: 503',
      description: 'OpenAI is not configured: set OPENAI_API_KEY',
    });
  });

  it('refuses an OK answer whose status the contract does not list (201 only)', async () => {
    stubFetch({ 'POST /api/realtime/offer': new Response(ANSWER, { status: 200 }) });
    await expect(postRealtimeOffer(OFFER)).rejects.toThrow(
      'POST /api/realtime/offer answered 200, which its contract lacks',
    );
  });

  it('says only the status when the body has no message', async () => {
    stubFetch({ 'POST /api/realtime/offer': new Response('', { status: 500 }) });
    const failure = await postRealtimeOffer(OFFER).catch((error: unknown) => error);
    expect(describeOfferFailure(failure)).toEqual({ title: 'Failed to get answer: 500', description: null });
  });
});

describe('GET /api/realtime/ice-servers', () => {
  it('gives the configured servers', async () => {
    stubFetch({
      'GET /api/realtime/ice-servers': jsonResponse(200, {
        iceServers: [{ urls: ['stun:stun.l.google.com:19302'] }],
      }),
    });
    const { result } = renderHook(() => useIceServers(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([{ urls: ['stun:stun.l.google.com:19302'] }]);
  });

  it('rejects an answer that does not match the contract', async () => {
    stubFetch({ 'GET /api/realtime/ice-servers': { status: 200, body: { iceServers: [{ urls: [] }] } } });
    const { result } = renderHook(() => useIceServers(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
