/** Whether an element is laid out right to left (its nearest `dir`, as the tabs read it). */
export function isRightToLeft(element: Element): boolean {
  return element.closest('[dir]')?.getAttribute('dir') === 'rtl';
}
