import { allCategories } from "../../server/catalogue/views.ts";
import { getServices } from "../services.server.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await allCategories(getServices(context).db) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <ul>
      {loaderData.categories.map((category) => (
        <li key={category.uuid}>{category.name}</li>
      ))}
    </ul>
  );
}
