export {
  apiJson,
  apiRequest,
  createQueryClient,
  getQueryFn,
  HttpError,
  STAFF_TOKEN_KEY,
  STAFF_USER_KEY,
  type HttpMethod,
  type UnauthorizedBehavior,
} from './request.ts';
export { ToastContext, useToast, type ShowToast, type ToastInput, type ToastVariant } from './toast.tsx';
export { ScreenPlaceholder } from './ScreenPlaceholder.tsx';
export { Dialog } from './Dialog.tsx';
export { useEventStream, type StreamHandler } from './useEventStream.ts';
export {
  classifyResponse,
  installFetchDiagnostics,
  isConnectionIssue,
  mentionsFetch,
  onDiagnostic,
  onOpenDiagnostics,
  openDiagnostics,
  reportDiagnostic,
  type DiagnosticKind,
  type DiagnosticReport,
} from './diagnostics.ts';
