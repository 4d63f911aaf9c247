import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

// antd-mobile 5 renders imperative UI (Toast, Dialog) with the React 18 API; under React 19 that renders
// nothing, silently (stack-notes.md). Installing a createRoot renderer once fixes it.
let installed = false;
export function installAntdRenderShim(): void {
  if (installed) return;
  installed = true;
  unstableSetRender((node, container) => {
    const el = container as Element & { _kkRoot?: Root };
    el._kkRoot ??= createRoot(el);
    el._kkRoot.render(node);
    return async () => {
      await Promise.resolve();
      el._kkRoot?.unmount();
      delete el._kkRoot;
    };
  });
}
