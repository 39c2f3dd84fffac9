import { Alert } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./read-only.module.css";

/** Said above a form its reader may read but not change (a Vânzări account on the catalogue, decision 091). */
export function ReadOnlyNotice() {
  return (
    <Alert color="gray" variant="outline" title="Doar citire">
      Rolul contului dumneavoastră poate citi catalogul, nu îl poate modifica. Cereți modificarea unui coleg cu rolul
      Catalog sau Administrator.
    </Alert>
  );
}

/**
 * A form's fields, disabled together while `readOnly`: a disabled fieldset turns off every native
 * control inside it (inputs, selects, buttons), so no field is forgotten; links stay usable.
 */
export function ReadOnlyFieldset({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} className={classes.fieldset}>
      {children}
    </fieldset>
  );
}
