import { Input } from "@mantine/core";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { TableKit } from "@tiptap/extension-table";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useRef } from "react";
import { withoutActiveContent } from "./pasted-html.ts";
import { RICH_TEXT_LABELS } from "./rich-text-labels.ts";
import "@mantine/tiptap/styles.css";
import classes from "./rich-text-field.module.css";

export interface RichTextFieldProps {
  label: string;
  /**
   * HTML ("" for an empty editor). The editor starts from it and afterwards follows it only when it
   * changes from outside (a copy from the Romanian); what the editor itself reported is not loaded back.
   */
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  error?: string;
  /** Tables belong to the technical data; the other texts do without them. */
  withTables?: boolean;
  /** The Romanian texts are required; their English is not. */
  required?: boolean;
  /** Shown to read, not changed: no toolbar, the text not editable. */
  readOnly?: boolean;
}

/**
 * One rich-text part of a product (spec §2): a TipTap editor 200 px high (spec §5) whose toolbar
 * makes only the markup the server's sanitiser keeps (headings 2-4, emphasis, lists, links,
 * quotes, tables). What is pasted goes through the editor's schema, so scripts and styles are
 * dropped here already, and again by the server.
 */
/** The editable element's name and error, and what a paste may bring in (pasted-html.ts). */
function editorProps(labelId: string, errorId: string, error: string | undefined, readOnly: boolean) {
  return {
    attributes: {
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": labelId,
      ...(readOnly ? { "aria-readonly": "true" } : {}),
      ...(error ? { "aria-invalid": "true", "aria-describedby": errorId } : {}),
    },
    transformPastedHTML: withoutActiveContent,
  };
}

export function RichTextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  withTables = false,
  required = false,
  readOnly = false,
}: RichTextFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  // The editor is made once; its handlers call the latest callbacks the form passed.
  const handlers = useRef({ onChange, onBlur });
  useEffect(() => {
    handlers.current = { onChange, onBlur };
  }, [onChange, onBlur]);
  // The HTML the editor holds as the form knows it: the editor's own output is not loaded back (the
  // cursor would jump), and the stored HTML the editor normalises when it starts is no change.
  const shown = useRef(value);
  const editor = useEditor({
    // Server rendering has no DOM for the editor: it is created on the client only.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: false,
      }),
      Link.configure({ openOnClick: false, protocols: ["mailto", "tel"], defaultProtocol: "https" }),
      ...(withTables ? [TableKit.configure({ table: { resizable: false } })] : []),
    ],
    content: value,
    editable: !readOnly,
    editorProps: editorProps(labelId, errorId, error, readOnly),
    onUpdate: ({ editor: current }) => {
      shown.current = current.isEmpty ? "" : current.getHTML();
      handlers.current.onChange(shown.current);
    },
    onBlur: () => handlers.current.onBlur(),
  });
  useEffect(() => {
    if (!editor || value === shown.current) return;
    shown.current = value;
    // One step of the editor's history: Ctrl+Z brings back what was there before.
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    // The editor lives on; only its editable element's attributes follow the error.
    editor?.setOptions({ editorProps: editorProps(labelId, errorId, error, readOnly) });
  }, [editor, labelId, errorId, error, readOnly]);

  return (
    <div>
      <Input.Label id={labelId} required={required} onClick={() => editor?.commands.focus()}>
        {label}
      </Input.Label>
      <RichTextEditor
        editor={editor}
        labels={RICH_TEXT_LABELS}
        className={classes.editor}
        data-invalid={error ? true : undefined}
      >
        {!readOnly && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.H4 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            {withTables && (
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.TableInsert />
                <RichTextEditor.TableRowAfter />
                <RichTextEditor.TableRowDelete />
                <RichTextEditor.TableColumnAfter />
                <RichTextEditor.TableColumnDelete />
                <RichTextEditor.TableToggleHeaderRow />
                <RichTextEditor.TableDelete />
              </RichTextEditor.ControlsGroup>
            )}
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content className={classes.content} />
      </RichTextEditor>
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}
