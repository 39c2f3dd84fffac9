import type { ConfigurationKey } from "../../common/configuration-keys.ts";
import type { MachineKind } from "./machine-drawings.ts";

/**
 * The demo catalogue as plain data: what a small Romanian rental company could list on its first
 * day. Figures follow the makers' published data sheets, rounded. Texts are plain text; they are
 * turned into HTML (escaped) by product-html.ts.
 */

export interface DemoCategory {
  name: string;
  /** The machine in singular, for offer headlines: 'Închiriere excavator CAT 320'. */
  singular: string;
  kind: MachineKind;
  /** Who runs the machine on site; one line of the offer. */
  crew: string;
}

export interface DemoProduct {
  model: string;
  category: DemoCategory["name"];
  /** Daily rate in lei, without VAT. */
  rate: number;
  offer: string;
  description: readonly string[];
  features: readonly string[];
  specs: readonly (readonly [label: string, value: string])[];
  galleryCount: 2 | 3 | 4;
}

export interface DemoBanner {
  title: string;
  subtitle: string;
  kinds: readonly MachineKind[];
}

const withOperator = "Cu operator autorizat sau fără operator, la alegere";
const liftingOperator = "Operator autorizat ISCIR inclus la cerere";
const handOver = "Instruire la predare; nu necesită operator autorizat";

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  { name: "Excavatoare", singular: "excavator", kind: "excavator", crew: withOperator },
  { name: "Buldoexcavatoare", singular: "buldoexcavator", kind: "backhoe-loader", crew: withOperator },
  { name: "Incarcatoare frontale", singular: "încărcător frontal", kind: "wheel-loader", crew: withOperator },
  { name: "Cilindri compactori", singular: "cilindru compactor", kind: "roller", crew: withOperator },
  { name: "Placi compactoare", singular: "placă compactoare", kind: "plate-compactor", crew: handOver },
  { name: "Stivuitoare", singular: "stivuitor", kind: "forklift", crew: liftingOperator },
  { name: "Nacele", singular: "nacelă", kind: "boom-lift", crew: liftingOperator },
];

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    model: "CAT 320",
    category: "Excavatoare",
    rate: 1150,
    offer: "Excavator pe șenile de 22 de tone pentru săpături de fundații, canalizări și decopertări.",
    description: [
      "CAT 320 este excavatorul de referință în clasa de 20 de tone: stabil, precis și economic la consum.",
      "Sistemul de asistență la nivelare și cântarul integrat reduc timpul pierdut cu măsurători pe șantier.",
    ],
    features: ["Cupă de săpare de 1,19 m³ și cupă de taluzare la cerere", "Instalație hidraulică pentru ciocan demolator", "Cabină climatizată, cameră de mers înapoi"],
    specs: [
      ["Masă operațională", "22.500 kg"],
      ["Putere motor", "110 kW (148 CP)"],
      ["Adâncime maximă de săpare", "6,72 m"],
      ["Rază maximă de săpare", "9,86 m"],
      ["Capacitate cupă", "1,19 m³"],
      ["Lățime papuci șenilă", "600 mm"],
    ],
    galleryCount: 4,
  },
  {
    model: "Komatsu PC210LC-11",
    category: "Excavatoare",
    rate: 1100,
    offer: "Excavator cu șasiu lung, foarte stabil la lucrul pe taluz și la ridicarea tuburilor.",
    description: [
      "Komatsu PC210LC-11 are șasiul lung (LC), care îi dă stabilitate la încărcarea camioanelor și la montajul conductelor.",
      "Modurile de lucru reglabile și motorul Stage V îl fac potrivit și pentru lucrări în localități.",
    ],
    features: ["Cuplă rapidă hidraulică", "Monitorizare Komtrax a orelor și a consumului", "Cupe de 0,6 – 1,2 m³"],
    specs: [
      ["Masă operațională", "22.000 kg"],
      ["Putere motor", "123 kW (165 CP)"],
      ["Adâncime maximă de săpare", "6,62 m"],
      ["Rază maximă de săpare", "9,88 m"],
      ["Capacitate cupă", "1,20 m³"],
      ["Lățime papuci șenilă", "700 mm"],
    ],
    galleryCount: 3,
  },
  {
    model: "Kubota KX057-5",
    category: "Excavatoare",
    rate: 550,
    offer: "Miniexcavator de 5,5 tone pentru curți, rețele de utilități și spații înguste.",
    description: [
      "Kubota KX057-5 lucrează acolo unde un excavator mare nu încape: curți interioare, trotuare, grădini.",
      "Se transportă ușor pe un trailer mic și nu strică pavajul datorită șenilelor din cauciuc.",
    ],
    features: ["Șenile din cauciuc", "Braț cu basculare laterală pentru săpătură lângă ziduri", "Lamă de nivelare"],
    specs: [
      ["Masă operațională", "5.540 kg"],
      ["Putere motor", "34,1 kW (46 CP)"],
      ["Adâncime maximă de săpare", "3,81 m"],
      ["Rază maximă de săpare", "6,19 m"],
      ["Capacitate cupă", "0,17 m³"],
      ["Lățime totală", "1.960 mm"],
    ],
    galleryCount: 3,
  },
  {
    model: "JCB 3CX",
    category: "Buldoexcavatoare",
    rate: 750,
    offer: "Buldoexcavatorul universal: încarcă, sapă și se deplasează singur între șantiere.",
    description: [
      "JCB 3CX rămâne cel mai cerut buldoexcavator din România: cupa frontală încarcă, brațul din spate sapă șanțuri.",
      "Circulă pe drumurile publice cu până la 40 km/h, deci nu are nevoie de transport între lucrări apropiate.",
    ],
    features: ["Braț telescopic extensibil", "Cupă frontală 6 în 1", "Tracțiune integrală și direcție pe toate roțile"],
    specs: [
      ["Masă operațională", "8.070 kg"],
      ["Putere motor", "55 kW (74 CP)"],
      ["Adâncime maximă de săpare", "5,97 m"],
      ["Capacitate cupă frontală", "1,10 m³"],
      ["Înălțime de descărcare", "2,74 m"],
      ["Viteză maximă", "40 km/h"],
    ],
    galleryCount: 4,
  },
  {
    model: "CAT 432",
    category: "Buldoexcavatoare",
    rate: 780,
    offer: "Buldoexcavator puternic pentru drumuri, rețele de apă-canal și amenajări de teren.",
    description: [
      "CAT 432 are forță de rupere mare la cupa din spate și o cabină largă, cu vizibilitate bună spre zona de lucru.",
      "Sistemul de amortizare a brațului încărcătorului menține materialul în cupă la deplasarea pe teren denivelat.",
    ],
    features: ["Braț extensibil", "Ride control la încărcător", "Cuplă pentru ciocan hidraulic"],
    specs: [
      ["Masă operațională", "8.700 kg"],
      ["Putere motor", "74,5 kW (100 CP)"],
      ["Adâncime maximă de săpare", "5,82 m"],
      ["Capacitate cupă frontală", "1,15 m³"],
      ["Înălțime de descărcare", "2,77 m"],
      ["Viteză maximă", "40 km/h"],
    ],
    galleryCount: 3,
  },
  {
    model: "Komatsu WB93R-8",
    category: "Buldoexcavatoare",
    rate: 720,
    offer: "Buldoexcavator compact și economic, potrivit pentru lucrări urbane.",
    description: [
      "Komatsu WB93R-8 combină un încărcător frontal agil cu un braț de săpare precis, comandat prin joystick-uri servo.",
    ],
    features: ["Comenzi servo asistate", "Cupă frontală multifuncțională", "Consum redus în modul economic"],
    specs: [
      ["Masă operațională", "8.300 kg"],
      ["Putere motor", "74 kW (99 CP)"],
      ["Adâncime maximă de săpare", "5,85 m"],
      ["Capacitate cupă frontală", "1,03 m³"],
      ["Înălțime de descărcare", "2,70 m"],
      ["Viteză maximă", "38 km/h"],
    ],
    galleryCount: 2,
  },
  {
    model: "Volvo L120H",
    category: "Incarcatoare frontale",
    rate: 1300,
    offer: "Încărcător frontal de 20 de tone pentru balastiere, stații de betoane și depozite.",
    description: [
      "Volvo L120H încarcă rapid camioanele de 8x4 din câteva cupe și lucrează toată ziua cu un consum redus.",
      "Cântarul integrat arată cantitatea încărcată, util la livrările de agregate pe bază de tonaj.",
    ],
    features: ["Cupă de 3,5 m³ pentru agregate", "Cântar de încărcare integrat", "Transmisie OptiShift"],
    specs: [
      ["Masă operațională", "20.100 kg"],
      ["Putere motor", "202 kW (275 CP)"],
      ["Capacitate cupă", "3,5 m³"],
      ["Sarcină de basculare la virare completă", "12.800 kg"],
      ["Înălțime de descărcare", "2,95 m"],
    ],
    galleryCount: 3,
  },
  {
    model: "CAT 950 GC",
    category: "Incarcatoare frontale",
    rate: 1200,
    offer: "Încărcător frontal robust, cu întreținere simplă, pentru lucru în carieră și pe șantier.",
    description: [
      "CAT 950 GC mută volume mari de pământ și agregate, cu o cupă de 3,1 m³ și o transmisie cu convertizor de cuplu.",
    ],
    features: ["Cupă de 3,1 m³", "Cuplă rapidă pentru furci de paleți", "Anvelope L3 pentru carieră"],
    specs: [
      ["Masă operațională", "18.500 kg"],
      ["Putere motor", "168 kW (225 CP)"],
      ["Capacitate cupă", "3,1 m³"],
      ["Sarcină de basculare la virare completă", "10.900 kg"],
      ["Înălțime de descărcare", "2,90 m"],
    ],
    galleryCount: 3,
  },
  {
    model: "Liebherr L 538",
    category: "Incarcatoare frontale",
    rate: 900,
    offer: "Încărcător frontal mediu, cu transmisie hidrostatică și consum foarte redus.",
    description: [
      "Liebherr L 538 are transmisie hidrostatică fără trepte, precisă la manevrele scurte de încărcare.",
      "Motorul montat în spate face din el propria contragreutate, deci mașina rămâne ușoară și stabilă.",
    ],
    features: ["Transmisie hidrostatică", "Cupă de 2,1 m³", "Furci de paleți la cerere"],
    specs: [
      ["Masă operațională", "12.400 kg"],
      ["Putere motor", "105 kW (143 CP)"],
      ["Capacitate cupă", "2,1 m³"],
      ["Sarcină de basculare la virare completă", "8.100 kg"],
      ["Înălțime de descărcare", "2,85 m"],
    ],
    galleryCount: 2,
  },
  {
    model: "Bomag BW 120 AD-5",
    category: "Cilindri compactori",
    rate: 450,
    offer: "Cilindru tandem de 2,7 tone pentru asfalt pe trotuare, parcări și drumuri locale.",
    description: [
      "Bomag BW 120 AD-5 compactează uniform straturile de asfalt, cu stropire cu apă pe ambii tamburi.",
      "Este destul de mic pentru a fi transportat pe o platformă și destul de greu pentru parcări și alei.",
    ],
    features: ["Doi tamburi vibranți", "Sistem de stropire cu apă", "Arc de protecție ROPS rabatabil"],
    specs: [
      ["Masă operațională", "2.700 kg"],
      ["Putere motor", "24,8 kW (33 CP)"],
      ["Lățime tambur", "1.200 mm"],
      ["Forță centrifugă", "35 kN"],
      ["Frecvență de vibrație", "55 Hz"],
      ["Viteză de lucru", "0 – 10 km/h"],
    ],
    galleryCount: 3,
  },
  {
    model: "Hamm HD 12 VV",
    category: "Cilindri compactori",
    rate: 430,
    offer: "Cilindru tandem compact pentru lucrări de asfaltare și reparații de drumuri.",
    description: [
      "Hamm HD 12 VV are o cabină deschisă cu vizibilitate excelentă spre marginile tamburilor, utilă la borduri.",
    ],
    features: ["Articulație oscilantă", "Vibrație pe ambii tamburi", "Rezervor de apă de 200 l"],
    specs: [
      ["Masă operațională", "2.595 kg"],
      ["Putere motor", "23 kW (31 CP)"],
      ["Lățime tambur", "1.200 mm"],
      ["Forță centrifugă", "32 kN"],
      ["Frecvență de vibrație", "60 Hz"],
    ],
    galleryCount: 2,
  },
  {
    model: "Bomag BW 213 D-5",
    category: "Cilindri compactori",
    rate: 950,
    offer: "Compactor monocilindru de 13 tone pentru terasamente, umpluturi și straturi de fundație.",
    description: [
      "Bomag BW 213 D-5 compactează pământuri și piatră spartă în straturi groase, cu două amplitudini de vibrație.",
      "Sistemul de măsurare a compactării arată pe ecran când stratul a atins gradul cerut.",
    ],
    features: ["Două amplitudini de vibrație", "Indicator de compactare", "Tambur neted sau picior de oaie"],
    specs: [
      ["Masă operațională", "12.800 kg"],
      ["Putere motor", "115 kW (156 CP)"],
      ["Lățime tambur", "2.130 mm"],
      ["Forță centrifugă", "300 / 170 kN"],
      ["Amplitudine", "2,0 / 1,0 mm"],
    ],
    galleryCount: 4,
  },
  {
    model: "Wacker Neuson DPU 6555",
    category: "Placi compactoare",
    rate: 250,
    offer: "Placă compactoare reversibilă de 474 kg pentru umpluturi și fundații de pavaje.",
    description: [
      "Wacker Neuson DPU 6555 merge înainte și înapoi, deci compactează și în tranșee sau lângă fundații.",
    ],
    features: ["Deplasare reversibilă", "Pornire electrică", "Mâner cu amortizare a vibrațiilor"],
    specs: [
      ["Greutate", "474 kg"],
      ["Putere motor", "9,9 kW (diesel)"],
      ["Forță centrifugă", "65 kN"],
      ["Lățime placă", "550 mm"],
      ["Adâncime de compactare", "până la 60 cm"],
    ],
    galleryCount: 3,
  },
  {
    model: "Bomag BPR 60-65 D",
    category: "Placi compactoare",
    rate: 230,
    offer: "Placă compactoare reversibilă pentru pământ, balast și pavele.",
    description: [
      "Bomag BPR 60-65 D are placa de 65 cm și o forță de 60 kN, potrivită pentru curți, alei și platforme.",
    ],
    features: ["Deplasare reversibilă", "Covor de protecție pentru pavele", "Motor diesel Hatz"],
    specs: [
      ["Greutate", "440 kg"],
      ["Putere motor", "6,1 kW (diesel)"],
      ["Forță centrifugă", "60 kN"],
      ["Lățime placă", "650 mm"],
    ],
    galleryCount: 2,
  },
  {
    model: "Ammann APR 3020",
    category: "Placi compactoare",
    rate: 150,
    offer: "Placă compactoare ușoară, ușor de transportat într-o autoutilitară.",
    description: [
      "Ammann APR 3020 cântărește 160 kg și se transportă cu o autoutilitară, ideală pentru reparații și pavaje mici.",
    ],
    features: ["Motor pe benzină", "Mâner rabatabil", "Roți de transport"],
    specs: [
      ["Greutate", "160 kg"],
      ["Putere motor", "3,6 kW (benzină)"],
      ["Forță centrifugă", "30 kN"],
      ["Lățime placă", "500 mm"],
    ],
    galleryCount: 2,
  },
  {
    model: "Manitou MT 1840",
    category: "Stivuitoare",
    rate: 950,
    offer: "Stivuitor telescopic de 4 tone cu înălțime de ridicare de aproape 18 m.",
    description: [
      "Manitou MT 1840 ridică paleți de cărămidă, armături și cofraje până la etajul al cincilea.",
      "Cu furci, cupă sau cârlig, înlocuiește o macara mică pe șantierele de clădiri.",
    ],
    features: ["Stabilizatori față", "Furci, cupă și cârlig de ridicare", "Tracțiune integrală"],
    specs: [
      ["Capacitate de ridicare", "4.000 kg"],
      ["Înălțime de ridicare", "17,55 m"],
      ["Deport maxim", "13,10 m"],
      ["Putere motor", "75 kW (100 CP)"],
      ["Masă operațională", "11.900 kg"],
    ],
    galleryCount: 4,
  },
  {
    model: "Toyota 8FBE20",
    category: "Stivuitoare",
    rate: 320,
    offer: "Stivuitor electric de 2 tone pentru depozite și hale, fără emisii.",
    description: [
      "Toyota 8FBE20 este silențios și nu produce gaze de eșapament, deci poate lucra în spații închise.",
    ],
    features: ["Baterie de 48 V pentru un schimb întreg", "Sistem de stabilitate SAS", "Încărcător inclus"],
    specs: [
      ["Capacitate de ridicare", "2.000 kg"],
      ["Înălțime de ridicare", "3.300 mm"],
      ["Tensiune baterie", "48 V"],
      ["Viteză de deplasare", "16 km/h"],
      ["Masă proprie", "3.350 kg"],
    ],
    galleryCount: 3,
  },
  {
    model: "Linde H30D",
    category: "Stivuitoare",
    rate: 360,
    offer: "Stivuitor diesel de 3 tone pentru curți de materiale și depozite exterioare.",
    description: [
      "Linde H30D are transmisie hidrostatică, deci manevrează fin și nu uzează frânele la încărcări repetate.",
    ],
    features: ["Transmisie hidrostatică", "Poziționer de furci", "Anvelope superelastice"],
    specs: [
      ["Capacitate de ridicare", "3.000 kg"],
      ["Înălțime de ridicare", "3.150 mm"],
      ["Putere motor", "44 kW (diesel)"],
      ["Masă proprie", "4.570 kg"],
    ],
    galleryCount: 2,
  },
  {
    model: "JLG 450AJ",
    category: "Nacele",
    rate: 600,
    offer: "Nacelă articulată de 15,7 m pentru fațade, hale și lucrări de instalații.",
    description: [
      "JLG 450AJ ocolește obstacolele cu brațul articulat și ajunge deasupra acoperișurilor și a utilajelor din hale.",
      "Tracțiunea integrală îi permite să lucreze și pe teren neamenajat.",
    ],
    features: ["Braț articulat cu jib", "Tracțiune 4x4", "Coș cu rotire hidraulică"],
    specs: [
      ["Înălțime de lucru", "15,72 m"],
      ["Înălțime platformă", "13,72 m"],
      ["Deport orizontal", "7,55 m"],
      ["Capacitate coș", "230 kg"],
      ["Masă proprie", "6.940 kg"],
    ],
    galleryCount: 3,
  },
  {
    model: "Genie S-65",
    category: "Nacele",
    rate: 850,
    offer: "Nacelă telescopică de 21,8 m pentru structuri metalice și lucrări la înălțime mare.",
    description: [
      "Genie S-65 are un braț telescopic lung și drept, cu deport mare, potrivit pentru montaj de structuri metalice.",
    ],
    features: ["Braț telescopic", "Oscilare automată a punții", "Generator în coș la cerere"],
    specs: [
      ["Înălțime de lucru", "21,81 m"],
      ["Înălțime platformă", "19,81 m"],
      ["Deport orizontal", "17,10 m"],
      ["Capacitate coș", "227 kg"],
      ["Masă proprie", "10.205 kg"],
    ],
    galleryCount: 3,
  },
  {
    model: "Haulotte HA16 RTJ",
    category: "Nacele",
    rate: 620,
    offer: "Nacelă articulată de 16 m, compactă, pentru șantiere cu spațiu redus.",
    description: [
      "Haulotte HA16 RTJ se strecoară printre schele și materiale, iar brațul articulat lucrează și peste obstacole.",
    ],
    features: ["Braț articulat", "Tracțiune integrală", "Coș pentru doi operatori"],
    specs: [
      ["Înălțime de lucru", "16,10 m"],
      ["Deport orizontal", "7,50 m"],
      ["Capacitate coș", "230 kg"],
      ["Masă proprie", "6.900 kg"],
    ],
    galleryCount: 2,
  },
];

export const DEMO_BANNERS: readonly DemoBanner[] = [
  { title: "Flotă proprie de utilaje", subtitle: "Excavatoare, încărcătoare și compactoare", kinds: ["roller", "wheel-loader", "excavator"] },
  { title: "Terasamente și drumuri", subtitle: "Compactare pentru fiecare strat, de la umplutură la asfalt", kinds: ["plate-compactor", "backhoe-loader", "roller"] },
  { title: "Lucru la înălțime în siguranță", subtitle: "Nacele și stivuitoare cu operator autorizat", kinds: ["forklift", "excavator", "boom-lift"] },
];

/** Demo contact details: example.ro addresses and phone numbers of a made-up company. */
export const DEMO_CONFIGURATION: Record<ConfigurationKey, string> = {
  contact_mail_to: "oferte@example.ro",
  contact_mail_subject: "Cerere de oferta inchiriere utilaje",
  contact_phone: "0722000111",
  contact_mail_to_second: "inchirieri@example.ro",
  contact_phone_second: "0264000222",
};
