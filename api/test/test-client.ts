// biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies loosely and assert on their shape.
type Json = any;

export type TestResponse<T = Json> = { status: number; headers: Headers; text: string; body: T };

type RequestOptions = { body?: unknown; rawBody?: string; headers?: Record<string, string> };

/**
 * A tiny HTTP client over fetch with a cookie jar, sending what the real browser client sends:
 * the signed-in identity headers once known, and JSON with a content type only when there is a body.
 */
export class TestClient {
  readonly baseUrl: string;
  readonly #cookies = new Map<string, string>();
  identity: { tenantId: string; userId: string } | undefined;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Takes another client's cookies and identity: the same browser talking to another API instance. */
  adoptCookies(from: TestClient): void {
    for (const [name, value] of from.#cookies) this.#cookies.set(name, value);
    this.identity = from.identity;
  }

  get cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = Json>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = {};
    if (this.identity) {
      headers['X-Tenant-Id'] = this.identity.tenantId;
      headers['X-User-Id'] = this.identity.userId;
    }
    if (this.#cookies.size > 0) headers.Cookie = this.cookieHeader;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired =
        attributes.some((attribute) => /expires=Thu, 01 Jan 1970/i.test(attribute)) || value === '';
      if (expired) this.#cookies.delete(name.trim());
      else this.#cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    if (path === '/api/login' && response.status === 200) {
      const user = parsed as { id: string; tenantId: string };
      this.identity = { tenantId: user.tenantId, userId: user.id };
    }
    return { status: response.status, headers: response.headers, text, body: parsed as T };
  }

  get<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  patch<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  put<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}
