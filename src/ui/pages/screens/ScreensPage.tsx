// Screens (docs/dev/product-rules.md#screens Screens page, docs/dev/product-rules.md#behaviour): the filter 'ScreenNumber starts with ...', the multi-file
// picker 'Files for importing Screens' (two names, then a count) with Import and a summary per file,
// the editable table of screens (show items, inline edit by the pencil or a double-click, delete
// with confirmation; page sizes 5, 10, 15), 'Currently showing ScreenNumber X with #N Samples' and
// the paged items table with Export XLSX, Export ZFT and Transfer ScreenNames above it, and API Test.
// The list, row edit and API Test are the shared machinery; this file holds the markup.
import { useMemo, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { exportScreen, transferScreenNames, uploadScreenFile, viewScreens } from '../../../api/screens';
import { SCREEN_ITEMS_REGISTRY, SCREENS_REGISTRY } from '../../../domain/columns/screens';
import { SCREEN_PAGE_SIZES } from '../../../domain/constants';
import type { Screen } from '../../../domain/entities/screen';
import { CHOOSE_SCREEN, NO_DATA } from '../../../domain/messages';
import { DataTable } from '../../components/DataTable';
import { registryColumns } from '../../components/DataTable/columns';
import { saveFile } from '../../components/ExportPanel/saveFile';
import { ApiTestButton } from '../../components/ListScreen/ApiTestButton';
import { useListView, type FetchListPage } from '../../components/ListScreen/useListView';
import { Page } from '../../components/Page';
import { useRowEdit } from '../../components/RowEdit';
import { Button, TextField } from '../../kit';
import { usePaletteActions, type PaletteAction } from '../../palette';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { SCREEN_ROW_EDIT } from './rowEdit';
import { useScreenItems } from './useScreenItems';
import './ScreensPage.css';

const PAGE = { page: 'screens' } as const;
const SCREEN_COLUMNS = registryColumns(SCREENS_REGISTRY);
const ITEM_COLUMNS = registryColumns(SCREEN_ITEMS_REGISTRY);

const fetchScreens: FetchListPage<Screen> = async (http, query, signal) => {
  const view = await viewScreens(http, query, { signal });
  return { rows: view.screens, totalItems: view.totalItems, totalPages: view.totalPages };
};

/** The picker's display (docs/dev/product-rules.md#screens): two file names, then how many more. */
export const filesText = (files: readonly File[]): string =>
  files.length === 0
    ? 'No files chosen'
    : files.length <= 2
      ? files.map((f) => f.name).join(', ')
      : `${files[0]!.name}, ${files[1]!.name} +${files.length - 2} more`;

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function ScreensPage() {
  const { http, isAdmin } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  const screens = useListView<Screen>({
    entity: 'screens',
    fetchPage: fetchScreens,
    pageSizes: SCREEN_PAGE_SIZES,
  });
  const [chosen, setChosen] = useState<Screen | null>(null);
  const [itemsKey, setItemsKey] = useState(0);
  const items = useScreenItems(chosen?.scrId ?? null, itemsKey);
  const [filter, setFilter] = useState(
    () => screens.filters.find((f) => f.startsWith('screenNumber,'))?.slice('screenNumber,'.length) ?? '',
  );
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseFilesButton = useRef<HTMLButtonElement>(null);
  const [summary, setSummary] = useState<string[]>([]);

  const edit = useRowEdit('screens', SCREEN_ROW_EDIT, {
    onChanged: screens.reload,
    onDeleted: (id) => {
      if (String(chosen?.scrId) === id) setChosen(null);
    },
  });

  const choose = (id: string) => {
    const screen = screens.rows.find((s) => String(s.scrId) === id) ?? null;
    // Choosing the shown screen again hides its items.
    setChosen((now) => (now && screen && now.scrId === screen.scrId ? null : screen));
  };
  const applyFilter = (text: string) => {
    const value = text.trim();
    screens.setFilters(value === '' ? [] : [`screenNumber,${value}`]);
  };

  const importFiles = async () => {
    const lines: string[] = [];
    for (const file of files) {
      try {
        const answer = await track(uploadScreenFile(http, file));
        const parts = answer.screens.map((s) => `${s.name}: ${s.items} items`).join(', ');
        lines.push(`${file.name}: ${answer.message}${parts ? ` (${parts})` : ''}`);
        notify('success', `File ${file.name} was uploaded successfully!`, PAGE);
      } catch (error) {
        lines.push(`${file.name}: ${reasonOf(error)}`);
        notify('error', `Error occurred, file ${file.name} was not imported!`, PAGE);
      }
    }
    setSummary(lines);
    setFiles([]);
    screens.reload();
  };

  const exportChosen = async (type: 'xlsx' | 'zft') => {
    if (!chosen) return notify('error', CHOOSE_SCREEN, PAGE);
    try {
      saveFile(await track(exportScreen(http, chosen.scrId, type)));
    } catch (error) {
      notify('error', reasonOf(error) || 'Processing export failed, please check your logs!', PAGE);
    }
  };
  const transfer = async () => {
    if (!chosen) return notify('error', CHOOSE_SCREEN, PAGE);
    try {
      const answer = await track(transferScreenNames(http, chosen.scrId));
      notify('success', answer.message, PAGE);
      setItemsKey((k) => k + 1);
    } catch (error) {
      notify('error', reasonOf(error), PAGE);
    }
  };

  // Palette: go to a screen by its number, import, transfer, export (writes ask nothing more: the
  // transfer is what its button does; it is listed last as a write).
  const actions = useMemo<PaletteAction[]>(() => {
    const list: PaletteAction[] = screens.rows.map((s) => ({
      id: `show-${s.scrId}`,
      label: `Show Screen ${s.name}`,
      group: 'Screens',
      keywords: [s.name, String(s.scrId), 'screen'],
      perform: () => setChosen(s),
    }));
    list.push(
      {
        id: 'export-xlsx',
        label: 'Export Screen as XLSX',
        group: 'Screens',
        keywords: ['download'],
        perform: () => void exportChosen('xlsx'),
      },
      {
        id: 'export-zft',
        label: 'Export Screen as ZFT',
        group: 'Screens',
        keywords: ['download'],
        effect: 'write',
        perform: () => void exportChosen('zft'),
      },
    );
    if (isAdmin)
      list.push(
        {
          id: 'import',
          label: 'Import Screens',
          group: 'Screens',
          keywords: ['upload', 'files'],
          // The command runs on the key press that chose it (a user activation), so the browser
          // lets the file input open its picker; the button keeps the focus when it closes.
          perform: () => {
            chooseFilesButton.current?.focus();
            fileInput.current?.click();
          },
        },
        {
          id: 'transfer',
          label: 'Transfer ScreenNames',
          group: 'Screens',
          keywords: ['names', 'samples'],
          effect: 'write',
          perform: () => void transfer(),
        },
      );
    return list;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the commands read the latest page state when run
  }, [screens.rows, isAdmin, chosen]);
  usePaletteActions(actions);

  return (
    <Page title="Screens" className="screens-page">
      <section aria-label="Screens" className="screens-upper">
        <form
          className="screens-filter"
          aria-label="Filter screens"
          onSubmit={(e) => {
            e.preventDefault();
            applyFilter(filter);
          }}
        >
          <TextField
            label="ScreenNumber starts with ..."
            value={filter}
            onChange={setFilter}
            inputMode="numeric"
          />
          <Button type="submit">Filter</Button>
        </form>
        {isAdmin ? (
          <div
            className="screens-import"
            role="group"
            aria-labelledby="screens-files-label"
            data-screens-files
          >
            <span id="screens-files-label" className="kit-label">
              Files for importing Screens
            </span>
            <FileTrigger
              ref={fileInput}
              allowsMultiple
              acceptedFileTypes={['.csv', '.txt']}
              onSelect={(l) => setFiles(l ? [...l] : [])}
            >
              <Button ref={chooseFilesButton}>Choose files</Button>
            </FileTrigger>
            <span className="screens-files" aria-live="polite">
              {filesText(files)}
            </span>
            <Button variant="primary" onPress={() => void importFiles()} isDisabled={files.length === 0}>
              Import
            </Button>
          </div>
        ) : null}
        {summary.length > 0 ? (
          <ul aria-label="Import summary" className="screens-summary">
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        <DataTable<Screen>
          label="Screens"
          columns={SCREEN_COLUMNS}
          rows={screens.rows}
          getRowId={(s) => String(s.scrId)}
          sorting={screens.sorting}
          onSortingChange={screens.setSorting}
          loading={screens.loading}
          emptyText={NO_DATA}
          paging={{
            page: screens.page,
            pageCount: screens.totalPages,
            totalItems: screens.totalItems,
            pageSize: screens.size,
            pageSizes: screens.pageSizes,
            onPageChange: screens.setPage,
            onPageSizeChange: screens.setSize,
          }}
          onShowRow={choose}
          showRowLabel="Show items of"
          {...edit.tableProps}
        />
        <ApiTestButton view={screens} />
      </section>

      <section aria-labelledby="screen-items-title" className="screens-lower">
        <h2 id="screen-items-title">
          {chosen
            ? `Currently showing ScreenNumber ${chosen.name} with #${items.totalItems} Samples`
            : 'Screen items'}
        </h2>
        <div role="toolbar" aria-label="Screen items actions" className="screens-actions">
          <Button onPress={() => void exportChosen('xlsx')} isDisabled={!chosen}>
            Export XLSX
          </Button>
          <Button onPress={() => void exportChosen('zft')} isDisabled={!chosen}>
            Export ZFT
          </Button>
          {isAdmin ? (
            <Button onPress={() => void transfer()} isDisabled={!chosen}>
              Transfer ScreenNames
            </Button>
          ) : null}
        </div>
        <DataTable
          label={chosen ? `Items of ScreenNumber ${chosen.name}` : 'Screen items'}
          columns={ITEM_COLUMNS}
          rows={items.rows}
          getRowId={(i) => i.screenItemId.sId}
          loading={items.loading}
          emptyText={chosen ? NO_DATA : CHOOSE_SCREEN}
          paging={{
            page: items.page,
            pageCount: items.totalPages,
            totalItems: items.totalItems,
            pageSize: items.size,
            pageSizes: items.pageSizes,
            onPageChange: items.setPage,
            onPageSizeChange: items.setSize,
          }}
        />
      </section>
      {edit.dialogs}
    </Page>
  );
}
