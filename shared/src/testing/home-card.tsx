import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { startFakeServer } from './fake-server';
import { renderRoute, signInAs } from './index';

export interface HomeCountCard {
  /** The test's name. */
  title: string;
  card: ReactElement;
  /** The fake server's answers the card reads its count from. */
  answers: RequestHandler[];
  /** The count as shown, what it counts, and the link to the list. */
  count: string;
  noun: string;
  link: { name: string; href: string };
}

/** A Home card that counts a domain's records (viewer's session): its count, its noun and its link to the list. */
export function testHomeCountCard({ title, card, answers, count, noun, link }: HomeCountCard): void {
  startFakeServer(...answers);

  beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
  afterEach(() => localStorage.clear());

  it(title, async () => {
    renderRoute(card);
    expect(await screen.findByText(count)).toBeInTheDocument();
    expect(screen.getByText(noun)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link.name })).toHaveAttribute('href', link.href);
  });
}
