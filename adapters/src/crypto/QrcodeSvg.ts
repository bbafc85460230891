import QRCode from 'qrcode';
import type { QrCodes } from '@groupflow/core';

/** QR codes as SVG text with the qrcode package: sharp at any size, and no image request to leak the secret. */
export class QrcodeSvg implements QrCodes {
  svg(text: string): Promise<string> {
    return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  }
}
