import sharp from 'sharp';

/** A PNG of coloured noise just under 10 MB: it does not compress, and decoding it is real work. */
export function noisyPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1800,
      height: 1800,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 80 },
    },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
