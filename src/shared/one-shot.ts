/** The CLI folder commands a one-shot core serves (bin/commands/; StudioOptions.oneShot): each gets only the routes it calls. */
export const ONE_SHOT_COMMANDS = ['test', 'replay'] as const;
export type OneShotCommand = (typeof ONE_SHOT_COMMANDS)[number];

export const isOneShotCommand = (value: string): value is OneShotCommand => (ONE_SHOT_COMMANDS as readonly string[]).includes(value);
