import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useDescribeError } from './errors.ts';
import { lazyScreen, type LazyScreen } from './lazyScreen.ts';
import { HttpError } from './request.ts';
import { remoteApp, screensMismatch, type AreaScreens } from './remoteApp.tsx';

/** A screen whose code arrives at once, and which records that it was asked for. */
function screenSaying(text: string, asked: string[] = []): LazyScreen {
  function Screen() {
    const describe = useDescribeError();
    return (
      <main>
        <h1>{text}</h1>
        <p>{describe(new HttpError(400, JSON.stringify({ code: 'REQUEST.INVALID', message: 'Invalid request' })))}</p>
      </main>
    );
  }
  return lazyScreen(() => {
    asked.push(text);
    return Promise.resolve({ default: Screen });
  });
}

const legalScreens = (asked?: string[]): AreaScreens<'legal'> => ({
  '/privacy': screenSaying('Privacy', asked),
  '/terms': screenSaying('Terms', asked),
  '/legal-affairs': screenSaying('Legal affairs', asked),
});

describe('remoteApp', () => {
  it("draws the screen of the route it is opened at, with the area's error texts", async () => {
    const app = remoteApp({
      area: 'legal',
      screens: legalScreens(),
      errorTexts: { 'REQUEST.INVALID': 'Check the form' },
      alongside: <p>Watching the session</p>,
    });
    render(
      <MemoryRouter initialEntries={['/terms']}>
        <app.default />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeTruthy();
    expect(screen.getByText('Check the form')).toBeTruthy();
    expect(screen.getByText('Watching the session')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Privacy' })).toBeNull();
  });

  it("preloads only the screen of the path's route, trailing slash or not", async () => {
    const asked: string[] = [];
    const app = remoteApp({ area: 'legal', screens: legalScreens(asked), errorTexts: {} });
    await app.preload('/privacy/');
    await app.preload('/staff-login');
    expect(asked).toEqual(['Privacy']);
  });

  it('refuses screens that miss a route of the area or name a route of another', () => {
    const { '/terms': _terms, ...withoutTerms } = legalScreens();
    const screens = { ...withoutTerms, '/staff-login': screenSaying('Staff') };
    expect(screensMismatch('legal', screens)).toBe(
      'no screen for /terms; screens for routes not in the legal table: /staff-login',
    );
    expect(() => remoteApp({ area: 'legal', screens: screens as never, errorTexts: {} })).toThrow(
      "The legal remote's screens do not match its route table: no screen for /terms",
    );
    expect(screensMismatch('legal', legalScreens())).toBeUndefined();
  });

  it("leaves the shell's own routes to the shell", () => {
    expect(screensMismatch('customer', {})).toMatch(/^no screen for \/dashboard, /);
  });
});
