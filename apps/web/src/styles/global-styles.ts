// The page-wide styles, in their one order: antd-mobile's variables and element defaults first, then ours over them
// (base.css overrides its body font, link colour and primary colour). Both entries (main.tsx, landing-main.tsx)
// import this module, so the build keeps the pair together in one shared stylesheet, in this order.
import 'antd-mobile/es/global/global.css';
import './base.css';
