import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { takeEarlyCallStart } from '../first-paint/early-call-start.ts';
import type { BrowserCall } from '../lib/browser-call/browser-call.ts';
import { callReducer, INITIAL_CALL_STATE } from '../lib/browser-call/state.ts';
import { type CallFailure, callFailureOf } from '../lib/call-failure.ts';

const loadBrowserCall = () => import('../lib/browser-call/browser-call.ts');

/** A call from the click on: its session once loaded, and whether it was ended meanwhile. */
type CallHandle = { session: BrowserCall | null; left: boolean };

/**
 * The browser call screen's call: its state, and start, end and clear. The call itself
 * (WebRTC, events, tools, records) is loaded when the first call starts. Leaving the screen (another
 * route, or the tab going away) ends the call.
 */
export function useBrowserCall(assistantName: string) {
  const [state, dispatch] = useReducer(callReducer, INITIAL_CALL_STATE);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const current = useRef<CallHandle | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const start = useCallback(async () => {
    if (current.current) return;
    const handle: CallHandle = { session: null, left: false };
    current.current = handle;
    const forget = () => {
      if (current.current === handle) current.current = null;
    };
    setFailure(null);
    dispatch({ type: 'connecting' });
    try {
      const { BrowserCall } = await loadBrowserCall();
      if (handle.left) return;
      handle.session = new BrowserCall({ assistantName, dispatch, onEnded: forget });
      await handle.session.start();
    } catch (error) {
      console.warn('The call could not start', error);
      forget();
      dispatch({ type: 'ended' });
      setFailure(callFailureOf(error));
    }
  }, [assistantName]);

  const end = useCallback(() => current.current?.session?.end(), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const toggleMute = useCallback(() => current.current?.session?.setMuted(!stateRef.current.muted), []);
  /**
   * Fetches the call's code ahead of the click, once the user reaches for the button (pointer over it,
   * pressed, or focused): the home page's first load does not carry the call machinery (WebRTC, the tool
   * registry and its contracts) for a visitor who does not start a call.
   */
  const prepare = useCallback(() => {
    loadBrowserCall().catch(() => {});
  }, []);

  // A press of the idle view's Start call, made before this page was here, starts the call now: the press
  // gave the document its sticky user activation, which the call's audio needs to play.
  useEffect(() => {
    if (takeEarlyCallStart()) void start();
  }, [start]);

  useEffect(() => {
    const leave = () => {
      const handle = current.current;
      if (!handle) return;
      handle.left = true;
      if (handle.session) handle.session.end({ leaving: true });
      else current.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  return { ...state, failure, start, end, clear, prepare, toggleMute };
}
