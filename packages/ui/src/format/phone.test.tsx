import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The formatter's state (loaded or not) is the module's: each test starts from a fresh copy.
type Phone = typeof import('./phone.ts');
let phone: Phone;
beforeEach(async () => {
  vi.resetModules();
  phone = await import('./phone.ts');
});

const loaded = async () => {
  await phone.loadPhoneFormat();
  expect(phone.phoneFormatLoaded()).toBe(true);
  return phone.formatPhone;
};

describe('formatPhone, North American numbers (no metadata needed)', () => {
  it('formats 10 digits, or 11 starting with 1 (E.164 included), as (xxx) xxx-xxxx', () => {
    expect(phone.formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(phone.formatPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(phone.formatPhone('15551234567')).toBe('(555) 123-4567');
    expect(phone.formatPhone('+14155552671')).toBe('(415) 555-2671');
    expect(phone.formatPhone('+1 555 123 4567')).toBe('(555) 123-4567');
    // Canada shares the plan and the look.
    expect(phone.formatPhone('+16135550123')).toBe('(613) 555-0123');
  });

  it('follows the digit-count rule even for area codes the plan does not allow', () => {
    expect(phone.formatPhone('0123456789')).toBe('(012) 345-6789');
    expect(phone.formatPhone('+15550100123')).toBe('(555) 010-0123');
  });

  it('reads full-width, Arabic-Indic and Eastern Arabic-Indic digits', () => {
    expect(phone.formatPhone('４１５５５５２６７１')).toBe('(415) 555-2671');
    expect(phone.formatPhone('٤١٥٥٥٥٢٦٧١')).toBe('(415) 555-2671');
    expect(phone.formatPhone('＋۱۴۱۵۵۵۵۲۶۷۱')).toBe('(415) 555-2671');
  });
});

describe('formatPhone, other countries', () => {
  it('groups each country as it writes its numbers, in international form', async () => {
    const format = await loaded();
    expect(format('+442079460958')).toBe('+44 20 7946 0958');
    expect(format('+33123456789')).toBe('+33 1 23 45 67 89');
    expect(format('+4930123456')).toBe('+49 30 123456');
    expect(format('+81312345678')).toBe('+81 3 1234 5678');
    expect(format('+5511987654321')).toBe('+55 11 98765 4321');
    expect(format('+35312345678')).toBe('+353 1 234 5678');
    expect(format('+8613812345678')).toBe('+86 138 1234 5678');
    // Already formatted, or typed with other punctuation: the same.
    expect(format('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(format('+33 (0)1-23-45-67-89')).toBe('+33 1 23 45 67 89');
  });

  it('a 10-digit number with a country code other than 1 is not taken for a North American one', async () => {
    const format = await loaded();
    expect(format('+4930123456')).not.toMatch(/^\(/);
    expect(phone.formatPhone('+4930123456')).toBe('+49 30 123456');
  });

  it('shows them unchanged until the formatter has arrived, and the first one fetches it', async () => {
    expect(phone.phoneFormatLoaded()).toBe(false);
    expect(phone.formatPhone('+442079460958')).toBe('+442079460958');
    await vi.waitFor(() => expect(phone.phoneFormatLoaded()).toBe(true));
    expect(phone.formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });
});

describe('formatPhone, junk', () => {
  it('returns what is no possible number unchanged', async () => {
    const format = await loaded();
    for (const junk of [
      '',
      '   ',
      'Unknown caller',
      'anonymous',
      '12345',
      '+12345',
      '25551234567',
      '+999123456789',
      '+3912345678901234',
      '020 7946 0958',
      '+',
      '++44',
      'client:web-user',
    ]) {
      expect(format(junk), junk).toBe(junk);
    }
  });
});

describe('usePhoneFormat', () => {
  function ShownNumber({ raw }: { raw: string }) {
    const format = phone.usePhoneFormat();
    return <p>{format(raw)}</p>;
  }

  it('renders a number again, formatted, once the formatter arrives', async () => {
    render(<ShownNumber raw="+33123456789" />);
    expect(screen.getByText('+33123456789')).toBeInTheDocument();
    await act(() => phone.loadPhoneFormat());
    expect(screen.getByText('+33 1 23 45 67 89')).toBeInTheDocument();
  });
});

describe('withPhoneFormat', () => {
  it("resolves a lazy page's module only with the formatter there", async () => {
    const page = { default: () => null };
    const load = phone.withPhoneFormat(async () => page);
    expect(phone.phoneFormatLoaded()).toBe(false);
    expect(await load()).toBe(page);
    expect(phone.phoneFormatLoaded()).toBe(true);
  });
});
