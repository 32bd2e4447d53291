/**
 * Invented vehicle details the CSV does not have (trims, engines, bed lengths) and the popular
 * flags of the fitment form. Names are real-world-like; pairings are demo data, not a catalog.
 */

/** Cab styles as the CSV appends them to pickup model names, longest first. */
export const CAB_SUFFIXES = [
  'SuperCrew Cab',
  'Club Coupe Cab',
  'Regular Cab',
  'Extended Cab',
  'Crew Cab',
  'Double Cab',
  'Quad Cab',
  'Mega Cab',
  'Super Cab',
  'SuperCab',
  'SuperCrew',
  'Access Cab',
  'CrewMax',
  'Xtracab',
  'XtraCab',
  'Xtra Cab',
  'Club Cab',
  'King Cab',
  'Single Cab',
  'Macro Cab',
  'Club Coupe',
] as const;

/** How a cab style reads in a body type name ('Crew Cab Pickup'). */
export const CAB_NAMES: Readonly<Record<string, string>> = {
  SuperCab: 'Super Cab',
  SuperCrew: 'SuperCrew Cab',
  XtraCab: 'Xtracab',
  'Xtra Cab': 'Xtracab',
  'Club Coupe Cab': 'Club Coupe',
};

/** Model names folded together after the cab style is removed. */
export const MODEL_RENAMES: Readonly<Record<string, string>> = {
  'Ford|F150': 'F-150',
  'Ford|F250': 'F-250',
  'Ford|F350': 'F-350',
  'Ford|F250 Super Duty': 'F-250 Super Duty',
  'Ford|F350 Super Duty': 'F-350 Super Duty',
  'Ford|F450 Super Duty': 'F-450 Super Duty',
  'Ford|F150 Lightning': 'F-150 Lightning',
  'Jeep|Wrangler 2 Door': 'Wrangler',
  'Jeep|Wrangler 4 Door': 'Wrangler Unlimited',
  'Toyota|': 'Pickup',
  'Toyota|Xtra Cab': 'Pickup',
};

export const BED_LENGTHS = ['5.5 ft', '6.5 ft', '8 ft'] as const;

export const TRIMS: Readonly<Record<string, readonly string[]>> = {
  Ford: ['XL', 'XLT', 'Lariat', 'King Ranch', 'Platinum', 'Limited', 'Sport', 'Raptor', 'ST', 'GT', 'EcoBoost'],
  Chevrolet: ['LS', 'LT', 'LTZ', 'RST', 'Z71', 'High Country', 'Work Truck', 'Premier', 'SS', 'ZR2'],
  GMC: ['SLE', 'SLT', 'AT4', 'Denali', 'Elevation', 'Pro'],
  Ram: ['Tradesman', 'Big Horn', 'Laramie', 'Rebel', 'Limited', 'Longhorn', 'TRX'],
  Toyota: ['SR', 'SR5', 'LE', 'XLE', 'Limited', 'TRD Sport', 'TRD Off-Road', 'TRD Pro', 'Platinum'],
  Jeep: ['Sport', 'Sahara', 'Rubicon', 'Willys', 'Laredo', 'Limited', 'Overland', 'Trailhawk'],
  Honda: ['LX', 'EX', 'EX-L', 'Sport', 'Touring'],
  Acura: ['Base', 'Technology', 'A-Spec', 'Advance'],
  Nissan: ['S', 'SV', 'SL', 'SR', 'Platinum', 'PRO-4X'],
  Dodge: ['SXT', 'GT', 'R/T', 'Scat Pack', 'SRT'],
  Hyundai: ['SE', 'SEL', 'Limited', 'N Line'],
  Kia: ['LX', 'EX', 'S', 'SX'],
  Subaru: ['Base', 'Premium', 'Limited', 'Sport', 'Touring', 'Wilderness'],
  Volkswagen: ['S', 'SE', 'SEL', 'GTI'],
};

export const GENERIC_TRIMS = ['Base', 'LX', 'EX', 'Sport', 'Limited', 'Premium', 'Touring', 'SE'] as const;

export interface EngineFamilyDef {
  name: string;
  sizes: readonly string[];
}

export interface EngineMfrDef {
  name: string;
  makes: readonly string[];
  families: readonly EngineFamilyDef[];
}

export const ENGINE_MFRS: readonly EngineMfrDef[] = [
  {
    name: 'GM',
    makes: ['Chevrolet', 'GMC', 'Cadillac', 'Buick', 'Pontiac', 'Oldsmobile', 'Saturn', 'HUMMER', 'Geo'],
    families: [
      { name: 'Ecotec', sizes: ['1.4L I4', '1.5L I4', '2.0L I4', '2.5L I4', '2.7L I4'] },
      { name: 'High Feature V6', sizes: ['3.6L V6'] },
      { name: 'Small Block V8', sizes: ['4.8L V8', '5.3L V8', '5.7L V8', '6.2L V8'] },
      { name: 'Duramax', sizes: ['6.6L V8 Diesel', '3.0L I6 Diesel'] },
    ],
  },
  {
    name: 'Ford',
    makes: ['Ford', 'Lincoln', 'Mercury'],
    families: [
      { name: 'EcoBoost', sizes: ['1.5L I3', '2.0L I4', '2.3L I4', '2.7L V6', '3.5L V6'] },
      { name: 'Duratec', sizes: ['2.5L I4', '3.0L V6', '3.7L V6'] },
      { name: 'Modular', sizes: ['4.6L V8', '5.0L V8', '5.4L V8'] },
      { name: 'Power Stroke', sizes: ['6.7L V8 Diesel', '6.0L V8 Diesel'] },
    ],
  },
  {
    name: 'Stellantis',
    makes: ['Jeep', 'Ram', 'Dodge', 'Chrysler', 'Plymouth', 'Eagle', 'SRT', 'FIAT', 'Alfa Romeo'],
    families: [
      { name: 'Global Medium Engine', sizes: ['2.0L I4', '2.4L I4'] },
      { name: 'Pentastar', sizes: ['3.6L V6'] },
      { name: 'HEMI', sizes: ['5.7L V8', '6.4L V8'] },
      { name: 'Cummins', sizes: ['6.7L I6 Diesel'] },
    ],
  },
  {
    name: 'Toyota',
    makes: ['Toyota', 'Lexus', 'Scion'],
    families: [
      { name: 'AR', sizes: ['2.5L I4', '2.7L I4'] },
      { name: 'GR', sizes: ['3.5L V6', '4.0L V6'] },
      { name: 'UR', sizes: ['4.6L V8', '5.7L V8'] },
      { name: 'i-FORCE MAX', sizes: ['2.4L I4 Hybrid', '3.4L V6 Hybrid'] },
    ],
  },
  {
    name: 'Honda',
    makes: ['Honda', 'Acura'],
    families: [
      { name: 'K-Series', sizes: ['1.5L I4', '2.0L I4', '2.4L I4'] },
      { name: 'J-Series', sizes: ['3.5L V6'] },
    ],
  },
  {
    name: 'Nissan',
    makes: ['Nissan', 'INFINITI'],
    families: [
      { name: 'QR', sizes: ['2.5L I4'] },
      { name: 'VQ', sizes: ['3.5L V6', '4.0L V6'] },
      { name: 'VK', sizes: ['5.6L V8'] },
    ],
  },
  {
    name: 'Hyundai Motor Group',
    makes: ['Hyundai', 'Kia', 'Genesis'],
    families: [
      { name: 'Smartstream', sizes: ['1.6L I4', '2.0L I4', '2.5L I4'] },
      { name: 'Lambda', sizes: ['3.3L V6', '3.8L V6'] },
    ],
  },
  {
    name: 'Volkswagen Group',
    makes: ['Volkswagen', 'Audi', 'Porsche', 'Bentley', 'Lamborghini'],
    families: [
      { name: 'EA888', sizes: ['2.0L I4'] },
      { name: 'EA839', sizes: ['3.0L V6', '2.9L V6'] },
      { name: 'EA825', sizes: ['4.0L V8'] },
    ],
  },
  {
    name: 'BMW',
    makes: ['BMW', 'MINI', 'Rolls-Royce'],
    families: [
      { name: 'B-Series', sizes: ['1.5L I3', '2.0L I4', '3.0L I6'] },
      { name: 'N63', sizes: ['4.4L V8'] },
    ],
  },
  {
    name: 'Mercedes-Benz',
    makes: ['Mercedes-Benz', 'Maybach', 'smart'],
    families: [
      { name: 'M260', sizes: ['2.0L I4'] },
      { name: 'M256', sizes: ['3.0L I6'] },
      { name: 'M177', sizes: ['4.0L V8'] },
    ],
  },
  {
    name: 'Subaru',
    makes: ['Subaru'],
    families: [{ name: 'FB/FA Boxer', sizes: ['2.0L H4', '2.4L H4', '2.5L H4'] }],
  },
  {
    name: 'Mazda',
    makes: ['MAZDA'],
    families: [{ name: 'Skyactiv-G', sizes: ['2.0L I4', '2.5L I4', '3.3L I6'] }],
  },
];

/** Engines for makes without their own group above. */
export const GENERIC_FAMILIES: readonly EngineFamilyDef[] = [
  { name: 'Inline-4', sizes: ['2.0L I4', '2.5L I4'] },
  { name: 'V6', sizes: ['3.0L V6', '3.5L V6'] },
];

/** Model names that get V8 (and, for heavy duty, diesel) engines. */
export const FULL_SIZE =
  /(1500|2500|3500|4500|F-1[05]0|F-[234]50|Super Duty|Tundra|Titan|Tahoe|Suburban|Yukon|Expedition|Sequoia|Escalade|Navigator|Durango|Grand Cherokee|Charger|Challenger|Camaro|Corvette|Mustang|Avalanche|Sierra|Silverado)/;
export const HEAVY_DUTY = /(2500|3500|4500|Super Duty|F-[234]50| HD)/;
