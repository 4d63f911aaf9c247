/**
 * Root font size = viewport width / 22.5 (spec section 9), so 1rem is 16.67px on a 375px phone.
 * Clamped to 320-430px: tiny phones stay legible, and tablets/desktops do not blow the layout up.
 */
export function rootFontSizeFor(viewportWidth: number): number {
  const w = Math.min(430, Math.max(320, viewportWidth));
  return w / 22.5;
}

export function installRootFontSize(): void {
  const apply = () => {
    document.documentElement.style.fontSize = `${rootFontSizeFor(document.documentElement.clientWidth)}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  window.addEventListener('orientationchange', apply);
}
