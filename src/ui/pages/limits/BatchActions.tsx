// Reload and Update of a batch-edited page (spec §2 Limits, Settings, Synchronization), and the
// field messages of the rows (spec §5: field validation messages are collected and shown).
import type { CSSProperties } from 'react';
import { Button } from '../../kit';
import type { ConfigBatch } from './useConfigBatch';

export function BatchActions({ batch, isAdmin }: { batch: ConfigBatch<unknown>; isAdmin: boolean }) {
  return (
    <div className="config-actions">
      <Button onPress={batch.reload} isDisabled={batch.busy}>
        Reload
      </Button>
      {isAdmin ? (
        <Button variant="primary" onPress={batch.update} isDisabled={!batch.canUpdate}>
          Update
        </Button>
      ) : null}
    </div>
  );
}

export function BatchMessages({ messages }: { messages: readonly string[] }) {
  return (
    <div role="status" aria-live="polite" className="config-messages">
      {messages.length > 0 ? (
        <ul>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The table's height follows its few rows (config.css): no empty scroll area under four entries. */
export const tableHeight = (rows: number, rowHeight: string): CSSProperties =>
  ({ '--rows': Math.max(rows, 1), '--row-height': rowHeight }) as CSSProperties;
