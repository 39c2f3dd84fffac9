import type { ConfigurationKey } from "../../common/schemas/configuration-keys.ts";
import type { Locale } from "../../common/language/language.ts";
import type { SpecificationKind } from "../../common/specifications/specification-schema.ts";
import type { UnitKey } from "../../common/specifications/units.ts";
import type { MachineKind } from "./machine-drawings.ts";

/**
 * The demo catalogue as plain data: what a small Romanian rental company could list on its first
 * day, in Romanian and in English. Figures follow the makers' published data sheets, rounded. Texts
 * are plain text; they are turned into HTML (escaped) by product-html.ts. Figures are typed values of
 * the category's specifications (decision 057), written once for both languages. A text stored as it is
 * has a field beside its English (`name`, `name_en`); what product-html.ts writes into the HTML is
 * looked up by language (`singular.en`, `en.offer`).
 */

/** One text in each language of the site. */
export type Bilingual = Readonly<Record<Locale, string>>;

export interface DemoCategory {
  /** Products refer to their category by this Romanian name. */
  name: string;
  name_en: string;
  /** The machine in singular, for offer headlines: 'Închiriere excavator CAT 320', 'CAT 320 excavator for rent'. */
  singular: Bilingual;
  kind: MachineKind;
  /** Who runs the machine on site; one line of the offer. */
  crew: Bilingual;
  /** Its specifications in order; products give their values by the Romanian name. */
  specifications: readonly DemoSpecification[];
}

export interface DemoSpecification {
  name: string;
  name_en: string;
  kind: SpecificationKind;
  unit: UnitKey | null;
  /** A choice's options; a product's value names one by its Romanian text. */
  options: readonly Bilingual[];
  on_card: boolean;
  filter: boolean;
}

interface Shown {
  card?: boolean;
  filter?: boolean;
}

function figure(name: string, name_en: string, unit: UnitKey, shown: Shown = {}): DemoSpecification {
  return {
    name,
    name_en,
    kind: "number",
    unit,
    options: [],
    on_card: shown.card ?? false,
    filter: shown.filter ?? false,
  };
}

function choice(name: string, name_en: string, options: readonly Bilingual[], shown: Shown = {}): DemoSpecification {
  return {
    name,
    name_en,
    kind: "choice",
    unit: null,
    options,
    on_card: shown.card ?? false,
    filter: shown.filter ?? false,
  };
}

function yesNo(name: string, name_en: string, shown: Shown = {}): DemoSpecification {
  return {
    name,
    name_en,
    kind: "yes_no",
    unit: null,
    options: [],
    on_card: shown.card ?? false,
    filter: shown.filter ?? false,
  };
}

const onCard = { card: true, filter: true };
const operatingWeight = figure("Masă operațională", "Operating weight", "kg", onCard);
const diggingDepth = figure("Adâncime maximă de săpare", "Max. digging depth", "m", onCard);
const dumpHeight = figure("Înălțime de descărcare", "Dump height", "m");
const unladenWeight = figure("Masă proprie", "Unladen weight", "kg");
const centrifugalForce = (shown?: Shown) => figure("Forță centrifugă", "Centrifugal force", "kn", shown);
const enginePower = (shown?: Shown) => figure("Putere motor", "Engine power", "kw", shown);
const diesel: Bilingual = { ro: "Motorină", en: "Diesel" };

/** What the company writes about one machine, in one language. */
export interface ProductTexts {
  offer: string;
  description: readonly string[];
  features: readonly string[];
}

export interface DemoProduct {
  model: string;
  /** The category's Romanian name. */
  category: string;
  /** Daily rate in lei, without VAT: the machine's rates follow from it (demo-prices.ts). */
  rate: number;
  /** Values of its category's specifications by their Romanian name (a choice's by its option's Romanian text). */
  values: Readonly<Record<string, number | boolean | string>>;
  ro: ProductTexts;
  /** Null: not translated, so the English pages show the Romanian texts. */
  en: ProductTexts | null;
  galleryCount: 2 | 3 | 4;
}

export interface DemoBanner {
  /** The banner's caption (its `caption` column): one short line shown over the picture, which has no words in it. */
  title: string;
  title_en: string;
  /** What the picture shows, for visitors who cannot see it. */
  alt: string;
  alt_en: string;
  kinds: readonly MachineKind[];
}

const withOperator: Bilingual = {
  ro: "Cu operator autorizat sau fără operator, la alegere",
  en: "With or without a certified operator, as you prefer",
};
const liftingOperator: Bilingual = {
  ro: "Operator autorizat ISCIR inclus la cerere",
  en: "ISCIR-certified operator available on request",
};
/** The crew of machines rented without an operator (no operator's rate in the demo). */
export const handOver: Bilingual = {
  ro: "Instruire la predare; nu necesită operator autorizat",
  en: "Hands-on briefing at handover; no certified operator needed",
};

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    name: "Excavatoare",
    name_en: "Excavators",
    singular: { ro: "excavator", en: "excavator" },
    kind: "excavator",
    crew: withOperator,
    specifications: [
      operatingWeight,
      diggingDepth,
      enginePower(onCard),
      figure("Rază maximă de săpare", "Max. reach", "m", { filter: true }),
      figure("Capacitate cupă", "Bucket capacity", "m3"),
      figure("Lățime papuci șenilă", "Track shoe width", "mm"),
    ],
  },
  {
    name: "Buldoexcavatoare",
    name_en: "Backhoe loaders",
    singular: { ro: "buldoexcavator", en: "backhoe loader" },
    kind: "backhoe-loader",
    crew: withOperator,
    specifications: [
      operatingWeight,
      enginePower(onCard),
      diggingDepth,
      figure("Capacitate cupă frontală", "Front shovel capacity", "m3", { filter: true }),
      dumpHeight,
      figure("Viteză maximă", "Top speed", "kmh"),
    ],
  },
  {
    name: "Incarcatoare frontale",
    name_en: "Wheel loaders",
    singular: { ro: "încărcător frontal", en: "wheel loader" },
    kind: "wheel-loader",
    crew: withOperator,
    specifications: [
      operatingWeight,
      enginePower(onCard),
      figure("Capacitate cupă", "Bucket capacity", "m3", onCard),
      figure("Sarcină de basculare la virare completă", "Tipping load at full turn", "kg", { filter: true }),
      dumpHeight,
    ],
  },
  {
    name: "Cilindri compactori",
    name_en: "Road rollers",
    singular: { ro: "cilindru compactor", en: "roller" },
    kind: "roller",
    crew: withOperator,
    specifications: [
      operatingWeight,
      enginePower({ filter: true }),
      figure("Lățime tambur", "Drum width", "mm", onCard),
      centrifugalForce({ card: true }),
      figure("Frecvență de vibrație", "Vibration frequency", "hz"),
      figure("Viteză de lucru maximă", "Max. working speed", "kmh"),
    ],
  },
  {
    name: "Placi compactoare",
    name_en: "Plate compactors",
    singular: { ro: "placă compactoare", en: "plate compactor" },
    kind: "plate-compactor",
    crew: handOver,
    specifications: [
      figure("Greutate", "Weight", "kg", onCard),
      centrifugalForce(onCard),
      figure("Lățime placă", "Plate width", "mm", { filter: true }),
      enginePower({ card: true }),
      figure("Adâncime de compactare", "Compaction depth", "cm"),
      choice("Combustibil", "Fuel", [diesel, { ro: "Benzină", en: "Petrol" }], { filter: true }),
    ],
  },
  {
    name: "Stivuitoare",
    name_en: "Forklifts",
    singular: { ro: "stivuitor", en: "forklift" },
    kind: "forklift",
    crew: liftingOperator,
    specifications: [
      figure("Capacitate de ridicare", "Lifting capacity", "kg", onCard),
      figure("Înălțime de ridicare", "Lift height", "m", onCard),
      choice("Alimentare", "Power source", [diesel, { ro: "Electrică", en: "Electric" }], onCard),
      enginePower(),
      unladenWeight,
      figure("Deport maxim", "Max. forward reach", "m"),
    ],
  },
  {
    name: "Nacele",
    name_en: "Boom lifts",
    singular: { ro: "nacelă", en: "boom lift" },
    kind: "boom-lift",
    crew: liftingOperator,
    specifications: [
      figure("Înălțime de lucru", "Working height", "m", onCard),
      figure("Deport orizontal", "Horizontal outreach", "m", onCard),
      figure("Capacitate coș", "Platform capacity", "kg", { card: true }),
      figure("Înălțime platformă", "Platform height", "m"),
      unladenWeight,
      yesNo("Braț articulat", "Articulated boom", { filter: true }),
    ],
  },
];

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    model: "CAT 320",
    category: "Excavatoare",
    rate: 1150,
    values: {
      "Masă operațională": 22500,
      "Adâncime maximă de săpare": 6.72,
      "Putere motor": 110,
      "Rază maximă de săpare": 9.86,
      "Capacitate cupă": 1.19,
      "Lățime papuci șenilă": 600,
    },
    ro: {
      offer: "Excavator pe șenile de 22 de tone pentru săpături de fundații, canalizări și decopertări.",
      description: [
        "CAT 320 este excavatorul de referință în clasa de 20 de tone: stabil, precis și economic la consum.",
        "Sistemul de asistență la nivelare și cântarul integrat reduc timpul pierdut cu măsurători pe șantier.",
      ],
      features: [
        "Cupă de săpare de 1,19 m³ și cupă de taluzare la cerere",
        "Instalație hidraulică pentru ciocan demolator",
        "Cabină climatizată, cameră de mers înapoi",
      ],
    },
    en: {
      offer: "22-tonne tracked excavator for foundations, sewer trenches and site stripping.",
      description: [
        "The CAT 320 is the benchmark of the 20-tonne class: stable, precise and easy on fuel.",
        "Built-in grade assist and an on-board payload scale cut the time lost to measuring on site.",
      ],
      features: [
        "1.19 m³ digging bucket, grading bucket on request",
        "Auxiliary hydraulics for a hydraulic breaker",
        "Air-conditioned cab and rear-view camera",
      ],
    },
    galleryCount: 4,
  },
  {
    model: "Komatsu PC210LC-11",
    category: "Excavatoare",
    rate: 1100,
    values: {
      "Masă operațională": 22000,
      "Adâncime maximă de săpare": 6.62,
      "Putere motor": 123,
      "Rază maximă de săpare": 9.88,
      "Capacitate cupă": 1.2,
      "Lățime papuci șenilă": 700,
    },
    ro: {
      offer: "Excavator cu șasiu lung, foarte stabil la lucrul pe taluz și la ridicarea tuburilor.",
      description: [
        "Komatsu PC210LC-11 are șasiul lung (LC), care îi dă stabilitate la încărcarea camioanelor și la montajul conductelor.",
        "Modurile de lucru reglabile și motorul Stage V îl fac potrivit și pentru lucrări în localități.",
      ],
      features: ["Cuplă rapidă hidraulică", "Monitorizare Komtrax a orelor și a consumului", "Cupe de 0,6 – 1,2 m³"],
    },
    en: {
      offer: "Long-undercarriage excavator, very stable on slopes and when lifting pipes.",
      description: [
        "The Komatsu PC210LC-11 has a long undercarriage (LC) that keeps it steady when loading trucks and laying pipelines.",
        "Selectable working modes and a Stage V engine make it a good fit for jobs in built-up areas too.",
      ],
      features: ["Hydraulic quick coupler", "Komtrax tracking of hours and fuel use", "Buckets from 0.6 to 1.2 m³"],
    },
    galleryCount: 3,
  },
  {
    model: "Kubota KX057-5",
    category: "Excavatoare",
    rate: 550,
    values: {
      "Masă operațională": 5540,
      "Adâncime maximă de săpare": 3.81,
      "Putere motor": 34.1,
      "Rază maximă de săpare": 6.19,
      "Capacitate cupă": 0.17,
      "Lățime papuci șenilă": 400,
    },
    ro: {
      offer: "Miniexcavator de 5,5 tone pentru curți, rețele de utilități și spații înguste.",
      description: [
        "Kubota KX057-5 lucrează acolo unde un excavator mare nu încape: curți interioare, trotuare, grădini.",
        "Se transportă ușor pe un trailer mic și nu strică pavajul datorită șenilelor din cauciuc.",
      ],
      features: ["Șenile din cauciuc", "Braț cu basculare laterală pentru săpătură lângă ziduri", "Lamă de nivelare"],
    },
    en: {
      offer: "5.5-tonne mini excavator for back yards, utility work and tight spaces.",
      description: [
        "The Kubota KX057-5 works where a big excavator will not fit: courtyards, pavements, gardens.",
        "It travels easily on a small trailer, and its rubber tracks leave paving unharmed.",
      ],
      features: ["Rubber tracks", "Offset boom for digging close to walls", "Dozer blade"],
    },
    galleryCount: 3,
  },
  {
    model: "JCB 3CX",
    category: "Buldoexcavatoare",
    rate: 750,
    values: {
      "Masă operațională": 8070,
      "Putere motor": 55,
      "Adâncime maximă de săpare": 5.97,
      "Capacitate cupă frontală": 1.1,
      "Înălțime de descărcare": 2.74,
      "Viteză maximă": 40,
    },
    ro: {
      offer: "Buldoexcavatorul universal: încarcă, sapă și se deplasează singur între șantiere.",
      description: [
        "JCB 3CX rămâne cel mai cerut buldoexcavator din România: cupa frontală încarcă, brațul din spate sapă șanțuri.",
        "Circulă pe drumurile publice cu până la 40 km/h, deci nu are nevoie de transport între lucrări apropiate.",
      ],
      features: [
        "Braț telescopic extensibil",
        "Cupă frontală 6 în 1",
        "Tracțiune integrală și direcție pe toate roțile",
      ],
    },
    en: {
      offer: "The all-round backhoe loader: it loads, digs and drives itself from one site to the next.",
      description: [
        "The JCB 3CX is still the most requested backhoe loader in Romania: the front shovel loads, the rear arm digs trenches.",
        "It is road-legal at up to 40 km/h, so it needs no low-loader between jobs close to each other.",
      ],
      features: ["Extending dipper", "6-in-1 front shovel", "Four-wheel drive and all-wheel steering"],
    },
    galleryCount: 4,
  },
  {
    model: "CAT 432",
    category: "Buldoexcavatoare",
    rate: 780,
    values: {
      "Masă operațională": 8700,
      "Putere motor": 74.5,
      "Adâncime maximă de săpare": 5.82,
      "Capacitate cupă frontală": 1.15,
      "Înălțime de descărcare": 2.77,
      "Viteză maximă": 40,
    },
    ro: {
      offer: "Buldoexcavator puternic pentru drumuri, rețele de apă-canal și amenajări de teren.",
      description: [
        "CAT 432 are forță de rupere mare la cupa din spate și o cabină largă, cu vizibilitate bună spre zona de lucru.",
        "Sistemul de amortizare a brațului încărcătorului menține materialul în cupă la deplasarea pe teren denivelat.",
      ],
      features: ["Braț extensibil", "Ride control la încărcător", "Cuplă pentru ciocan hidraulic"],
    },
    en: {
      offer: "Powerful backhoe loader for roadworks, water and sewer networks and landscaping.",
      description: [
        "The CAT 432 has strong breakout force at the rear bucket and a roomy cab with a clear view of the work area.",
        "Ride control on the loader arms keeps the load in the bucket when travelling over rough ground.",
      ],
      features: ["Extending dipper", "Loader ride control", "Hydraulic breaker circuit"],
    },
    galleryCount: 3,
  },
  {
    model: "Komatsu WB93R-8",
    category: "Buldoexcavatoare",
    rate: 720,
    values: {
      "Masă operațională": 8300,
      "Putere motor": 74,
      "Adâncime maximă de săpare": 5.85,
      "Capacitate cupă frontală": 1.03,
      "Înălțime de descărcare": 2.7,
      "Viteză maximă": 38,
    },
    ro: {
      offer: "Buldoexcavator compact și economic, potrivit pentru lucrări urbane.",
      description: [
        "Komatsu WB93R-8 combină un încărcător frontal agil cu un braț de săpare precis, comandat prin joystick-uri servo.",
      ],
      features: ["Comenzi servo asistate", "Cupă frontală multifuncțională", "Consum redus în modul economic"],
    },
    en: {
      offer: "Compact, economical backhoe loader, well suited to work in town.",
      description: [
        "The Komatsu WB93R-8 pairs a nimble front loader with a precise digging arm, worked by servo joysticks.",
      ],
      features: ["Servo-assisted controls", "Multi-purpose front shovel", "Low fuel use in economy mode"],
    },
    galleryCount: 2,
  },
  {
    model: "Volvo L120H",
    category: "Incarcatoare frontale",
    rate: 1300,
    values: {
      "Masă operațională": 20100,
      "Putere motor": 202,
      "Capacitate cupă": 3.5,
      "Sarcină de basculare la virare completă": 12800,
      "Înălțime de descărcare": 2.95,
    },
    ro: {
      offer: "Încărcător frontal de 20 de tone pentru balastiere, stații de betoane și depozite.",
      description: [
        "Volvo L120H încarcă rapid camioanele de 8x4 din câteva cupe și lucrează toată ziua cu un consum redus.",
        "Cântarul integrat arată cantitatea încărcată, util la livrările de agregate pe bază de tonaj.",
      ],
      features: ["Cupă de 3,5 m³ pentru agregate", "Cântar de încărcare integrat", "Transmisie OptiShift"],
    },
    en: {
      offer: "20-tonne wheel loader for gravel pits, concrete plants and stockyards.",
      description: [
        "The Volvo L120H fills an 8x4 tipper in a few passes and works all day on little fuel.",
        "The on-board scale shows how much has been loaded, which helps when aggregates are sold by the tonne.",
      ],
      features: ["3.5 m³ aggregate bucket", "Built-in load weighing", "OptiShift transmission"],
    },
    galleryCount: 3,
  },
  {
    model: "CAT 950 GC",
    category: "Incarcatoare frontale",
    rate: 1200,
    values: {
      "Masă operațională": 18500,
      "Putere motor": 168,
      "Capacitate cupă": 3.1,
      "Sarcină de basculare la virare completă": 10900,
      "Înălțime de descărcare": 2.9,
    },
    ro: {
      offer: "Încărcător frontal robust, cu întreținere simplă, pentru lucru în carieră și pe șantier.",
      description: [
        "CAT 950 GC mută volume mari de pământ și agregate, cu o cupă de 3,1 m³ și o transmisie cu convertizor de cuplu.",
      ],
      features: ["Cupă de 3,1 m³", "Cuplă rapidă pentru furci de paleți", "Anvelope L3 pentru carieră"],
    },
    en: {
      offer: "Rugged, easy-to-maintain wheel loader for quarries and building sites.",
      description: [
        "The CAT 950 GC moves large volumes of soil and aggregates, with a 3.1 m³ bucket and a torque-converter transmission.",
      ],
      features: ["3.1 m³ bucket", "Quick coupler for pallet forks", "L3 quarry tyres"],
    },
    galleryCount: 3,
  },
  {
    model: "Liebherr L 538",
    category: "Incarcatoare frontale",
    rate: 900,
    values: {
      "Masă operațională": 12400,
      "Putere motor": 105,
      "Capacitate cupă": 2.1,
      "Sarcină de basculare la virare completă": 8100,
      "Înălțime de descărcare": 2.85,
    },
    ro: {
      offer: "Încărcător frontal mediu, cu transmisie hidrostatică și consum foarte redus.",
      description: [
        "Liebherr L 538 are transmisie hidrostatică fără trepte, precisă la manevrele scurte de încărcare.",
        "Motorul montat în spate face din el propria contragreutate, deci mașina rămâne ușoară și stabilă.",
      ],
      features: ["Transmisie hidrostatică", "Cupă de 2,1 m³", "Furci de paleți la cerere"],
    },
    en: {
      offer: "Mid-size wheel loader with hydrostatic drive and very low fuel use.",
      description: [
        "The Liebherr L 538 has a stepless hydrostatic drive that stays precise in short loading cycles.",
        "Its rear-mounted engine doubles as the counterweight, so the machine stays light yet stable.",
      ],
      features: ["Hydrostatic drive", "2.1 m³ bucket", "Pallet forks on request"],
    },
    galleryCount: 2,
  },
  {
    model: "Bomag BW 120 AD-5",
    category: "Cilindri compactori",
    rate: 450,
    values: {
      "Masă operațională": 2700,
      "Putere motor": 24.8,
      "Lățime tambur": 1200,
      "Forță centrifugă": 35,
      "Frecvență de vibrație": 55,
      "Viteză de lucru maximă": 10,
    },
    ro: {
      offer: "Cilindru tandem de 2,7 tone pentru asfalt pe trotuare, parcări și drumuri locale.",
      description: [
        "Bomag BW 120 AD-5 compactează uniform straturile de asfalt, cu stropire cu apă pe ambii tamburi.",
        "Este destul de mic pentru a fi transportat pe o platformă și destul de greu pentru parcări și alei.",
      ],
      features: ["Doi tamburi vibranți", "Sistem de stropire cu apă", "Arc de protecție ROPS rabatabil"],
    },
    en: {
      offer: "2.7-tonne tandem roller for asphalt on pavements, car parks and local roads.",
      description: [
        "The Bomag BW 120 AD-5 compacts asphalt layers evenly, with water sprinkling on both drums.",
        "It is small enough to travel on a flatbed and heavy enough for car parks and driveways.",
      ],
      features: ["Two vibrating drums", "Water sprinkler system", "Folding ROPS bar"],
    },
    galleryCount: 3,
  },
  {
    model: "Hamm HD 12 VV",
    category: "Cilindri compactori",
    rate: 430,
    values: {
      "Masă operațională": 2595,
      "Putere motor": 23,
      "Lățime tambur": 1200,
      "Forță centrifugă": 32,
      "Frecvență de vibrație": 60,
    },
    ro: {
      offer: "Cilindru tandem compact pentru lucrări de asfaltare și reparații de drumuri.",
      description: [
        "Hamm HD 12 VV are o cabină deschisă cu vizibilitate excelentă spre marginile tamburilor, utilă la borduri.",
      ],
      features: ["Articulație oscilantă", "Vibrație pe ambii tamburi", "Rezervor de apă de 200 l"],
    },
    // Left untranslated on purpose: the English pages show how a product without English
    // falls back to its Romanian texts, beside the two translated rollers of its category.
    en: null,
    galleryCount: 2,
  },
  {
    model: "Bomag BW 213 D-5",
    category: "Cilindri compactori",
    rate: 950,
    values: { "Masă operațională": 12800, "Putere motor": 115, "Lățime tambur": 2130, "Forță centrifugă": 300 },
    ro: {
      offer: "Compactor monocilindru de 13 tone pentru terasamente, umpluturi și straturi de fundație.",
      description: [
        "Bomag BW 213 D-5 compactează pământuri și piatră spartă în straturi groase, cu două amplitudini de vibrație.",
        "Sistemul de măsurare a compactării arată pe ecran când stratul a atins gradul cerut.",
      ],
      features: ["Două amplitudini de vibrație", "Indicator de compactare", "Tambur neted sau picior de oaie"],
    },
    en: {
      offer: "13-tonne single-drum roller for earthworks, fills and sub-base layers.",
      description: [
        "The Bomag BW 213 D-5 compacts soil and crushed stone in thick layers, with two vibration amplitudes.",
        "Its compaction meter shows on screen when a layer has reached the required density.",
      ],
      features: ["Two vibration amplitudes", "Compaction meter", "Smooth or padfoot drum"],
    },
    galleryCount: 4,
  },
  {
    model: "Wacker Neuson DPU 6555",
    category: "Placi compactoare",
    rate: 250,
    values: {
      Greutate: 474,
      "Forță centrifugă": 65,
      "Lățime placă": 550,
      "Putere motor": 9.9,
      "Adâncime de compactare": 60,
      Combustibil: "Motorină",
    },
    ro: {
      offer: "Placă compactoare reversibilă de 474 kg pentru umpluturi și fundații de pavaje.",
      description: [
        "Wacker Neuson DPU 6555 merge înainte și înapoi, deci compactează și în tranșee sau lângă fundații.",
      ],
      features: ["Deplasare reversibilă", "Pornire electrică", "Mâner cu amortizare a vibrațiilor"],
    },
    en: {
      offer: "474 kg reversible plate compactor for backfill and paving sub-bases.",
      description: [
        "The Wacker Neuson DPU 6555 runs forwards and backwards, so it also compacts in trenches and right next to foundations.",
      ],
      features: ["Reversible travel", "Electric start", "Vibration-damped handle"],
    },
    galleryCount: 3,
  },
  {
    model: "Bomag BPR 60-65 D",
    category: "Placi compactoare",
    rate: 230,
    values: {
      Greutate: 440,
      "Forță centrifugă": 60,
      "Lățime placă": 650,
      "Putere motor": 6.1,
      Combustibil: "Motorină",
    },
    ro: {
      offer: "Placă compactoare reversibilă pentru pământ, balast și pavele.",
      description: [
        "Bomag BPR 60-65 D are placa de 65 cm și o forță de 60 kN, potrivită pentru curți, alei și platforme.",
      ],
      features: ["Deplasare reversibilă", "Covor de protecție pentru pavele", "Motor diesel Hatz"],
    },
    en: {
      offer: "Reversible plate compactor for soil, gravel and block paving.",
      description: [
        "The Bomag BPR 60-65 D has a 65 cm plate and 60 kN of force, just right for yards, paths and hardstandings.",
      ],
      features: ["Reversible travel", "Paving pad to protect block paving", "Hatz diesel engine"],
    },
    galleryCount: 2,
  },
  {
    model: "Ammann APR 3020",
    category: "Placi compactoare",
    rate: 150,
    values: { Greutate: 160, "Forță centrifugă": 30, "Lățime placă": 500, "Putere motor": 3.6, Combustibil: "Benzină" },
    ro: {
      offer: "Placă compactoare ușoară, ușor de transportat într-o autoutilitară.",
      description: [
        "Ammann APR 3020 cântărește 160 kg și se transportă cu o autoutilitară, ideală pentru reparații și pavaje mici.",
      ],
      features: ["Motor pe benzină", "Mâner rabatabil", "Roți de transport"],
    },
    en: {
      offer: "Light plate compactor that fits in the back of a van.",
      description: ["The Ammann APR 3020 weighs 160 kg and travels in a van, ideal for repairs and small paving jobs."],
      features: ["Petrol engine", "Folding handle", "Transport wheels"],
    },
    galleryCount: 2,
  },
  {
    model: "Manitou MT 1840",
    category: "Stivuitoare",
    rate: 950,
    values: {
      "Capacitate de ridicare": 4000,
      "Înălțime de ridicare": 17.55,
      Alimentare: "Motorină",
      "Putere motor": 75,
      "Masă proprie": 11900,
      "Deport maxim": 13.1,
    },
    ro: {
      offer: "Stivuitor telescopic de 4 tone cu înălțime de ridicare de aproape 18 m.",
      description: [
        "Manitou MT 1840 ridică paleți de cărămidă, armături și cofraje până la etajul al cincilea.",
        "Cu furci, cupă sau cârlig, înlocuiește o macara mică pe șantierele de clădiri.",
      ],
      features: ["Stabilizatori față", "Furci, cupă și cârlig de ridicare", "Tracțiune integrală"],
    },
    en: {
      offer: "4-tonne telehandler with a lift height of almost 18 m.",
      description: [
        "The Manitou MT 1840 lifts pallets of bricks, rebar and formwork up to the fifth floor.",
        "With forks, a bucket or a lifting hook, it stands in for a small crane on building sites.",
      ],
      features: ["Front stabilisers", "Forks, bucket and lifting hook", "Four-wheel drive"],
    },
    galleryCount: 4,
  },
  {
    model: "Toyota 8FBE20",
    category: "Stivuitoare",
    rate: 320,
    values: {
      "Capacitate de ridicare": 2000,
      "Înălțime de ridicare": 3.3,
      Alimentare: "Electrică",
      "Masă proprie": 3350,
    },
    ro: {
      offer: "Stivuitor electric de 2 tone pentru depozite și hale, fără emisii.",
      description: [
        "Toyota 8FBE20 este silențios și nu produce gaze de eșapament, deci poate lucra în spații închise.",
      ],
      features: ["Baterie de 48 V pentru un schimb întreg", "Sistem de stabilitate SAS", "Încărcător inclus"],
    },
    en: {
      offer: "2-tonne electric forklift for warehouses and halls, with zero emissions.",
      description: ["The Toyota 8FBE20 runs quietly and gives off no exhaust fumes, so it can work indoors."],
      features: ["48 V battery that lasts a full shift", "SAS stability system", "Charger included"],
    },
    galleryCount: 3,
  },
  {
    model: "Linde H30D",
    category: "Stivuitoare",
    rate: 360,
    values: {
      "Capacitate de ridicare": 3000,
      "Înălțime de ridicare": 3.15,
      Alimentare: "Motorină",
      "Putere motor": 44,
      "Masă proprie": 4570,
    },
    ro: {
      offer: "Stivuitor diesel de 3 tone pentru curți de materiale și depozite exterioare.",
      description: [
        "Linde H30D are transmisie hidrostatică, deci manevrează fin și nu uzează frânele la încărcări repetate.",
      ],
      features: ["Transmisie hidrostatică", "Poziționer de furci", "Anvelope superelastice"],
    },
    en: {
      offer: "3-tonne diesel forklift for builders' yards and outdoor storage.",
      description: [
        "The Linde H30D has hydrostatic drive, so it handles smoothly and spares its brakes through repeated loading.",
      ],
      features: ["Hydrostatic drive", "Fork positioner", "Superelastic tyres"],
    },
    galleryCount: 2,
  },
  {
    model: "JLG 450AJ",
    category: "Nacele",
    rate: 600,
    values: {
      "Înălțime de lucru": 15.72,
      "Deport orizontal": 7.55,
      "Capacitate coș": 230,
      "Înălțime platformă": 13.72,
      "Masă proprie": 6940,
      "Braț articulat": true,
    },
    ro: {
      offer: "Nacelă articulată de 15,7 m pentru fațade, hale și lucrări de instalații.",
      description: [
        "JLG 450AJ ocolește obstacolele cu brațul articulat și ajunge deasupra acoperișurilor și a utilajelor din hale.",
        "Tracțiunea integrală îi permite să lucreze și pe teren neamenajat.",
      ],
      features: ["Braț articulat cu jib", "Tracțiune 4x4", "Coș cu rotire hidraulică"],
    },
    en: {
      offer: "15.7 m articulating boom lift for facades, halls and building services work.",
      description: [
        "The JLG 450AJ reaches up and over obstacles with its articulating boom, above roofs and the machinery in halls.",
        "Four-wheel drive lets it work on rough, unprepared ground too.",
      ],
      features: ["Articulating boom with jib", "4x4 drive", "Hydraulically rotating platform"],
    },
    galleryCount: 3,
  },
  {
    model: "Genie S-65",
    category: "Nacele",
    rate: 850,
    values: {
      "Înălțime de lucru": 21.81,
      "Deport orizontal": 17.1,
      "Capacitate coș": 227,
      "Înălțime platformă": 19.81,
      "Masă proprie": 10205,
      "Braț articulat": false,
    },
    ro: {
      offer: "Nacelă telescopică de 21,8 m pentru structuri metalice și lucrări la înălțime mare.",
      description: [
        "Genie S-65 are un braț telescopic lung și drept, cu deport mare, potrivit pentru montaj de structuri metalice.",
      ],
      features: ["Braț telescopic", "Oscilare automată a punții", "Generator în coș la cerere"],
    },
    en: {
      offer: "21.8 m telescopic boom lift for steelwork and high-level jobs.",
      description: [
        "The Genie S-65 has a long, straight telescopic boom with a wide outreach, well suited to erecting steel structures.",
      ],
      features: ["Telescopic boom", "Automatic oscillating axle", "Generator on the platform on request"],
    },
    galleryCount: 3,
  },
  {
    model: "Haulotte HA16 RTJ",
    category: "Nacele",
    rate: 620,
    values: {
      "Înălțime de lucru": 16.1,
      "Deport orizontal": 7.5,
      "Capacitate coș": 230,
      "Masă proprie": 6900,
      "Braț articulat": true,
    },
    ro: {
      offer: "Nacelă articulată de 16 m, compactă, pentru șantiere cu spațiu redus.",
      description: [
        "Haulotte HA16 RTJ se strecoară printre schele și materiale, iar brațul articulat lucrează și peste obstacole.",
      ],
      features: ["Braț articulat", "Tracțiune integrală", "Coș pentru doi operatori"],
    },
    en: {
      offer: "Compact 16 m articulating boom lift for sites with little room to spare.",
      description: [
        "The Haulotte HA16 RTJ slips between scaffolding and stacked materials, and its articulating boom also works over obstacles.",
      ],
      features: ["Articulating boom", "Four-wheel drive", "Two-person platform"],
    },
    galleryCount: 2,
  },
];

export const DEMO_BANNERS: readonly DemoBanner[] = [
  {
    title: "Flotă proprie de utilaje: excavatoare, încărcătoare și compactoare",
    title_en: "Our own fleet: excavators, wheel loaders and compactors",
    alt: "Cilindru compactor, încărcător frontal și excavator pe șenile pe un șantier însorit, cu o macara turn și o clădire în construcție în fundal",
    alt_en:
      "A road roller, a wheel loader and a tracked excavator on a sunny building site, with a tower crane and a building going up behind them",
    kinds: ["roller", "wheel-loader", "excavator"],
  },
  {
    title: "Terasamente și drumuri: compactare de la umplutură la asfalt",
    title_en: "Earthworks and roads: compaction from fill to asphalt",
    alt: "Placă compactoare, buldoexcavator și cilindru compactor pe un șantier la apus, cu o macara turn și o grămadă de pietriș în fundal",
    alt_en:
      "A plate compactor, a backhoe loader and a road roller on a site at sunset, with a tower crane and a heap of gravel behind them",
    kinds: ["plate-compactor", "backhoe-loader", "roller"],
  },
  {
    title: "Lucru la înălțime în siguranță: nacele și stivuitoare cu operator autorizat",
    title_en: "Safe work at height: boom lifts and forklifts with a certified operator",
    alt: "Stivuitor cu un palet, excavator și nacelă cu brațul ridicat pe un șantier, sub cer înnorat, lângă o clădire în construcție",
    alt_en:
      "A forklift carrying a pallet, an excavator and a boom lift with its arm raised on a site under a grey sky, by a building going up",
    kinds: ["forklift", "excavator", "boom-lift"],
  },
];

/** Demo contact details: example.ro addresses and phone numbers of a made-up company. */
export const DEMO_CONFIGURATION: Record<ConfigurationKey, string> = {
  contact_mail_to: "oferte@example.ro",
  contact_mail_subject: "Cerere de oferta inchiriere utilaje",
  contact_phone: "0722000111",
  contact_mail_to_second: "inchirieri@example.ro",
  contact_phone_second: "0264000222",
  show_availability: "true",
  // Every demo machine has rates (server/seed/demo-prices.ts): a first start shows them (decision 093).
  price_currency: "RON",
  price_vat_rate: "2100",
  show_prices: "true",
  second_factor_required: "false",
  offer_validity_days: "14",
  offer_terms:
    "Preturile sunt fara TVA. Transportul se factureaza separat, daca nu apare in oferta. Utilajul se preda curat si alimentat; garantia se restituie la predare.",
  offer_terms_en:
    "Prices exclude VAT. Transport is invoiced separately unless the offer lists it. The machine is returned clean and refuelled; the deposit is refunded on return.",
  company_legal_name: "SC Utilaje Constructii SRL",
  company_cui: "RO31457826",
  company_reg_com: "J40/4821/2013",
  company_address: "Bd. Theodor Pallady nr. 51, Sector 3, București 032258",
  company_iban: "RO49AAAA1B31007593840000",
};
