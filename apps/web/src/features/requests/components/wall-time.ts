/**
 * The instant (ISO 8601, UTC) a clock in `timeZone` shows as `day` `time` (`YYYY-MM-DD`,
 * `HH:MM`): the exit slip's time of leaving is picked on the school's clock, whatever the
 * phone's zone. Where a daylight-saving change skips the time, the instant an hour later.
 */
export function instantAt(day: string, time: string, timeZone: string): string {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  // The zone's offset at a guess, then at the corrected instant (once more near a change).
  let instant = wanted - offsetAt(wanted, timeZone);
  instant = wanted - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((one) => one.type === type)?.value);
  const shown = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return shown - Math.floor(instant / 1000) * 1000;
}
