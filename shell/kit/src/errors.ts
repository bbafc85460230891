import { createContext, createElement, useCallback, useContext, type ReactNode } from 'react';
import { isErrorCode, type ErrorCode } from '@groupflow/core/contracts';
import { HttpError } from './request.ts';

/**
 * A remote's words for the server's error codes (AREA.REASON → text); one table per remote. Keyed by the codes the
 * contract lists, so a mistyped or retired code fails the typecheck.
 */
export type ErrorTexts = Readonly<Partial<Record<ErrorCode, string>>>;

/** The server's AREA.REASON code of a failed call, if it named one of the contract's codes. */
export const errorCode = (error: unknown): ErrorCode | undefined =>
  error instanceof HttpError && isErrorCode(error.code) ? error.code : undefined;

/** Server message of a failed call, for toasts' descriptions. */
export const serverMessage = (error: unknown): string | undefined =>
  error instanceof HttpError ? error.serverMessage : undefined;

/**
 * What to tell the reader about a failed call: the remote's text for the error's code, else the server's own
 * message (a code the table does not know yet still says something true), else nothing, so the caller's fallback
 * shows. Never chosen by matching the message's words.
 */
export function describeError(error: unknown, texts: ErrorTexts = {}): string | undefined {
  const code = errorCode(error);
  if (code !== undefined && Object.hasOwn(texts, code)) return texts[code];
  return serverMessage(error);
}

const ErrorTextsContext = createContext<ErrorTexts>({});

/** Gives the kit's QueryView and mutation toasts a remote's code table; each remote's App wraps its routes in it. */
export function ErrorTextsProvider({ texts, children }: { texts: ErrorTexts; children: ReactNode }) {
  return createElement(ErrorTextsContext.Provider, { value: texts }, children);
}

/** `describeError` with the nearest ErrorTextsProvider's table. */
export function useDescribeError(): (error: unknown) => string | undefined {
  const texts = useContext(ErrorTextsContext);
  return useCallback((error: unknown) => describeError(error, texts), [texts]);
}
