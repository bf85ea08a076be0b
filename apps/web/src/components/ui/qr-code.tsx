import { useMemo } from 'react';
import { create } from 'qrcode';

/** The quiet zone around the code, in modules (the standard asks for four). */
const QUIET_ZONE = 4;

/**
 * A QR code drawn as SVG (one path of its dark modules on white), so it stays sharp on screen and
 * on paper and scans in the dark theme too; `label` names it for assistive technology.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row++)
      for (let column = 0; column < modules.size; column++)
        if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
      // A QR code is drawn in one direction whatever the page's (Arabic pages run the other way).
      style={{ direction: 'ltr' }}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
