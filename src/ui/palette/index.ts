export { CommandPalette, PALETTE_LABEL } from './CommandPalette';
export { PaletteProvider, usePalette, type PaletteState } from './PaletteProvider';
export { registerActions, usePaletteActions, usePaletteActionList, type PaletteAction } from './registry';
