// The time stamp of export file names, on the lab's wall clock.

/** 'YYYYMMDD_HHmmss' of the lab's wall clock (file names the lab recognises). */
export const labStamp = (timezone: string, at = new Date()): string =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(/-/g, '')
    .replace(' ', '_')
    .replace(/:/g, '');
