// IMDF 1.0.0 category enumerations, transcribed from shared/imdf/categories.json (the union of
// the published transcriptions of the OGC Categories page). CategoriesTests checks that this table
// and the JSON agree, so a change to either is caught.

public enum CategoryList: String, Sendable, CaseIterable {
    case accessControl = "ACCESS-CONTROL-CATEGORY"
    case accessibility = "ACCESSIBILITY-CATEGORY"
    case amenity = "AMENITY-CATEGORY"
    case building = "BUILDING-CATEGORY"
    case doorType = "DOOR-TYPE"
    case fixture = "FIXTURE-CATEGORY"
    case footprint = "FOOTPRINT-CATEGORY"
    case geofence = "GEOFENCE-CATEGORY"
    case level = "LEVEL-CATEGORY"
    case occupant = "OCCUPANT-CATEGORY"
    case opening = "OPENING-CATEGORY"
    case relationship = "RELATIONSHIP-CATEGORY"
    case restriction = "RESTRICTION-CATEGORY"
    case section = "SECTION-CATEGORY"
    case unit = "UNIT-CATEGORY"
    case venue = "VENUE-CATEGORY"

    /// Every valid value, in the published order.
    public var values: [String] {
        switch self {
        case .accessControl: CategoryTables.accessControl
        case .accessibility: CategoryTables.accessibility
        case .amenity: CategoryTables.amenity
        case .building: CategoryTables.building
        case .doorType: CategoryTables.doorType
        case .fixture: CategoryTables.fixture
        case .footprint: CategoryTables.footprint
        case .geofence: CategoryTables.geofence
        case .level: CategoryTables.level
        case .occupant: CategoryTables.occupant
        case .opening: CategoryTables.opening
        case .relationship: CategoryTables.relationship
        case .restriction: CategoryTables.restriction
        case .section: CategoryTables.section
        case .unit: CategoryTables.unit
        case .venue: CategoryTables.venue
        }
    }
}

enum CategoryTables {
    static let accessControl: [String] = [
        "badgereader", "fingerprintreader", "guard", "keyaccess", "outofservice", "passwordaccess",
        "retinascanner", "voicerecognition",
    ]
    static let accessibility: [String] = [
        "assisted.listening", "braille", "hearing", "hearingloop", "signlanginterpreter", "tactilepaving",
        "tdd", "trs", "volume", "wheelchair",
    ]
    static let amenity: [String] = [
        "amphitheater", "animalreliefarea", "arrivalgate", "atm", "babychanging", "baggagecarousel",
        "baggagecarousel.intl", "baggagecarts", "baggageclaim", "baggageclaim.oversize", "baggagerecheck",
        "baggagestorage", "boardinggate", "boardinggate.aircraft", "boardinggate.bus", "boardinggate.ferry",
        "boardinggate.train", "bus", "bus.muni", "bus.national", "businesscenter", "cabin", "caregiver",
        "carrental", "cashier", "changemachine", "checkin", "checkin.desk", "checkin.desk.oversizebaggage",
        "checkin.desk.transfer", "checkin.selfservice", "childplayarea", "coinlocker", "copymachine",
        "defibrillator", "drinkingfountain", "eatingdrinking", "elevator", "emergencyshelter", "entry",
        "escalator", "exhibit", "faregate", "faregate.oversized", "fieldofplay",
        "fieldofplay.americanfootball", "fieldofplay.baseball", "fieldofplay.basketball",
        "fieldofplay.fieldhockey", "fieldofplay.icehockey", "fieldofplay.rugby", "fieldofplay.soccer",
        "fieldofplay.softball", "fieldofplay.tennis", "fieldofplay.trackfield", "fieldofplay.volleyball",
        "firealarmpullstation", "fireextinguisher", "firstaid", "fittingroom", "foodservice", "gatearea",
        "groundtransportation", "guestservices", "handsanitizerstation", "healthscreening", "hoteling",
        "immigration", "information", "information.bid", "information.carrental", "information.hotel",
        "information.mufid", "information.mufid.arrivals", "information.mufid.departures",
        "information.transit", "landmark", "library", "limo", "lostandfound", "mailbox", "meditation",
        "meetingpoint", "mobilityrescue", "mothersroom", "movingwalkway", "paidarea", "parkandride",
        "parking", "parking.bicycle", "parking.compact", "parking.ev", "parking.longterm",
        "parking.motorcycle", "parking.shortterm", "parking.waitingarea", "payphone", "pedestriancrossing",
        "peoplemover", "phone", "phone.emergency", "photobooth", "platform", "police", "powerchargingstation",
        "prayerroom", "prayerroom.buddhism", "prayerroom.christianity", "prayerroom.hinduism",
        "prayerroom.islam", "prayerroom.islam.female", "prayerroom.islam.male", "prayerroom.judaism",
        "prayerroom.shintoism", "prayerroom.sikh", "prayerroom.taoic", "privatelounge", "productreturn",
        "rail.muni", "rail.national", "ramp", "reception.desk", "recreation", "restroom", "restroom.family",
        "restroom.female", "restroom.female.wheelchair", "restroom.male", "restroom.male.wheelchair",
        "restroom.transgender", "restroom.transgender.wheelchair", "restroom.unisex",
        "restroom.unisex.wheelchair", "restroom.wheelchair", "rideshare", "seat", "seating", "security",
        "security.checkpoint", "security.inspection", "service", "shower", "shuttle", "sleepbox",
        "smokingarea", "stairs", "storage", "strollerrental", "studentadmissions", "studentservices",
        "swimmingpool", "swimmingpool.children", "swimmingpool.family", "taxi", "ticketing",
        "ticketing.airline", "ticketing.bus", "ticketing.bus.muni", "ticketing.bus.national",
        "ticketing.rail", "ticketing.rail.muni", "ticketing.rail.national", "ticketing.shuttle", "traintrack",
        "transit", "unspecified", "valet", "vendingmachine", "vendingmachine.trainticket", "wheelchairassist",
        "wifi", "yoga",
    ]
    static let building: [String] = [
        "parking", "transit", "transit.bus", "transit.train", "unspecified",
    ]
    static let doorType: [String] = [
        "door", "movablepartition", "open", "revolving", "shutter", "sliding", "swinging", "turnstile",
        "turnstile.fullheight", "turnstile.waistheight", "unspecified",
    ]
    static let fixture: [String] = [
        "baggagecarousel", "boardinggate.desk", "checkin.desk", "checkin.kiosk", "desk", "equipment",
        "furniture", "immigration.desk", "inspection.desk", "obstruction", "securityequipment", "stage",
        "vegetation", "wall", "water",
    ]
    static let footprint: [String] = [
        "aerial", "ground", "subterranean",
    ]
    static let geofence: [String] = [
        "concourse", "geofence", "paidarea", "platform", "postsecurity", "presecurity", "terminal",
        "underconstruction",
    ]
    static let level: [String] = [
        "arrivals", "arrivals.domestic", "arrivals.intl", "departures", "departures.domestic",
        "departures.intl", "parking", "transit", "unspecified",
    ]
    static let occupant: [String] = [
        "3dprinting", "acai", "accessories", "accounting", "acnetreatment", "acupuncture", "adoptionservices",
        "adulteducation", "adultentertainment", "adultstore", "advertising", "advisoryservices", "afghani",
        "african", "agritourism", "airfield", "airline", "airport.regional", "airportloungebar",
        "airportshuttle", "airsoft", "allergies", "alternativemedicine", "american.modern", "amusementpark",
        "amusementpark.ride", "animalshelter", "antiques", "apmstop", "appliances", "arabian",
        "arabian.pizza", "arcade", "archery", "architecture", "argentine", "armenian", "artgallery",
        "artinstruction", "arts.entertainment", "artsandcrafts", "artschool", "artstudio", "artstudio.rental",
        "artsupplies", "asianfusion", "astrologist", "asturian", "atm", "atm.cryptocurrency",
        "audiovideoequipment", "auditory", "australian", "australian.modern", "austrian",
        "austrian.schnitzel", "auto.accessibilityequipment", "auto.bodyshop", "auto.carbuyer",
        "auto.carshare", "auto.carwash", "auto.dealer.boat", "auto.dealer.car", "auto.dealer.motorcycle",
        "auto.dealer.rv", "auto.dentrepair.mobile", "auto.detailing", "auto.electric", "auto.evcharge",
        "auto.evcharge.dcfast", "auto.evcharge.tesla", "auto.glass", "auto.oilchange", "auto.parts",
        "auto.repair", "auto.repair.transmission", "auto.repair.wheelrim", "auto.repair.windshield",
        "auto.servicestation", "auto.shipping", "auto.stereoinstallation", "auto.tires", "auto.upholstery",
        "automotive", "autopartssupplies", "babyclothesandsupplies", "bagels", "bakedgoods", "ballonservices",
        "bangladeshi", "bank", "bar", "barbecue", "barber", "barfood", "barreclass", "baseballfield",
        "bathingarea", "batteries", "battingcages", "beach", "beautysalon", "beautyspas", "bedbreakfast",
        "beerbar", "beergarden", "beerhall", "beerwineandspirits", "beerwinespirits", "beisl", "belgian",
        "belgian.flemish", "bengali", "beveragestore", "bicycle.repair", "bicyclerental", "bicycleshop",
        "bikesandequipment", "billingservices", "bingo", "biryani", "bistro", "blacksea", "blinds",
        "blooddonation", "blooddonationcenter", "bodycontouring", "bodypiercing", "books",
        "booksmagazinesmusicvideo", "botanicalgarden", "bowlingalley", "boxing", "brazilian",
        "brazilian.centralbrazil", "brazilian.empanadas", "brazilian.northeasternbrazil",
        "brazilian.northernbrazil", "breakfastandbrunch", "brewery", "brewpub", "bridalstore", "british",
        "bubbletea", "buffet", "buildingsupplies", "bulgarian", "bulkmedicalbilling", "bungeejumping",
        "burgers", "burmese", "businesscampus", "businessconsulting", "busrental", "busstop", "butcher",
        "cabinets", "cafe", "cafeteria", "cajun", "cakes", "calligraphy", "cambodian", "canadian.modern",
        "candy", "candy.dagashi", "cannabisdispensary", "canteen", "cardioclasses", "cardiology",
        "cards.stationery", "careercounseling", "caribbean", "caricaturist", "carouselride", "carpet",
        "carrental", "catering", "cellphoneaccessories", "challengecourse", "champagnebar", "cheese",
        "cheesesteaks", "chickenshop", "chickenwings", "childbirthschool", "childcare", "chilean",
        "chimneycakes", "chinese", "chinese.cantonese", "chinese.dimsum", "chinese.fuzhou", "chinese.hainan",
        "chinese.hakka", "chinese.henghwa", "chinese.hokkien", "chinese.hunan", "chinese.pekinese",
        "chinese.shanghainese", "chinese.szechuan", "chinese.teochew", "chinesebazaar", "chiropractic",
        "chocolate", "christmastrees", "churros", "cider", "cigarbar", "cinema", "cityhall", "climbing",
        "clinic", "clockrepair", "clothing", "clothing.bespoke", "clothing.childrens", "clothing.mens",
        "clothing.plussize", "clothing.womens", "cocktailbar", "coffee", "coffee.tea", "coffeeroaster",
        "coffeeteasupplies", "coincashingkiosk", "college", "colombian", "comedyclub", "comfortfood",
        "comicbooks", "commercialrealestate", "commissionedartists", "communitybookbox", "communitycenter",
        "computersandaccessories", "conceptshop", "concourse", "condominium", "congee",
        "constructionequipmentrental", "contractors", "conveniencestore", "conveyorsushi",
        "cooking.instruction", "cookingschool", "copyshop", "corporateheadquarters", "corporateoffices",
        "corsican", "cosmetics", "cosmeticsurgery", "cosmetologyschool", "costumes", "countertopinstallation",
        "countryclub", "courier", "crepes", "cryotherapy", "cuban", "culturalcenter", "cupcakes",
        "currencyexchange", "customcakes", "custommerchandise", "cyclingclass", "cypriot", "czech",
        "danceclub", "danceschool", "dancestudio", "dancewear", "danish", "datarecovery", "dayspa",
        "dealer.usedvehicle", "delicatessen", "delicatessen.sandwiches", "dentalhygiene", "dentistry",
        "dentistry.cosmetic", "dentistry.general", "dentistry.pediatric", "departmentstore",
        "deptartmentstore", "dermatology", "desserts", "diagnosticimaging", "diagnosticservices", "dialysis",
        "dietician", "digitizingservices", "diner", "dinnertheater", "discountstore", "distillery", "divebar",
        "diyfood", "dmv", "dominican", "donair", "donationcenter", "donuts", "doorsalesandinstallation",
        "drivingrange", "drivingschool", "drycleaning", "drycleaninglaundry", "dumplings", "dumpsterrental",
        "dutyfree", "earnosethroat", "easterneuropean", "eatertainment", "editorialservices", "education",
        "educationservices", "egyptian", "electricians", "electronicappliances", "electronicparts",
        "electronicsrepair", "elementaryschool", "embroiderycrochet", "emergencymedicine", "emissionstesting",
        "empanadas", "employmentagency", "endodontics", "engraving", "escapegame", "ethiopian",
        "ethnicgrocerystore", "european.modern", "eventplanning", "eventspace", "experiences", "eyelashes",
        "eyewear.opticians", "fabricstore", "fairground", "falafel", "familyfriendly", "familyfuncenter",
        "familymedicine", "familyplanning", "familyrestaurant", "farm", "farmersmarket", "fashion",
        "fashionaccessories", "fastfood", "fencing", "fengshui", "ferry", "fieldofplay", "filipino",
        "financialservices", "fingerprinting", "firearmstrainingschool", "fish", "fishandchips",
        "fitnessbootcamp", "fitnessequipment", "fitnessinstruction", "fixedbaseoperator", "flatbread",
        "flightinstructionschool", "floatspa", "flooringinstallationandrepair", "floraldesign", "florist",
        "florists", "flowers", "fondue", "foodcourt", "fooddelivery", "foodstand", "foodtruck", "formalwear",
        "formalwear.rental", "freiduria", "french", "french.alsatian", "french.auvergnat", "french.baguette",
        "french.berrichon", "french.bourguignon", "french.brasserie", "french.lyonnais", "french.nicois",
        "french.provencal", "friterie", "frozenfoods", "fruitandvegetables", "fuelstation", "funeralservices",
        "furclothing", "furniture", "furniture.rental", "furniturestore", "gardening", "gastroenterology",
        "gastropubs", "gelato", "georgian", "german", "german.baden", "german.bavarian",
        "german.currysausage", "german.easterngerman", "german.fischbroetchen", "german.franconian",
        "german.hessian", "german.heuriger", "german.northerngerman", "german.palatine",
        "german.rhinelandian", "german.swabian", "giblets", "giftshops", "glutenfree", "gokarting",
        "goldmerchants", "golf", "golf.instruction", "golfequipment", "golfshop", "gourmetfood",
        "gourmetmarket", "graphicaldesign", "greek", "grillingequipment", "grocery", "grocery.asian",
        "grocery.chinese", "grocery.indian", "grocery.japanese", "grocery.korean", "grocery.persian",
        "grocerystore", "guitarstore", "gunrange", "gunsandammo", "gym", "gymnastics", "hairblowout",
        "haircutsstyling", "haircutsstyling.mens", "hairextensions", "hairloss", "hairremoval",
        "hairremoval.laser", "hairremoval.threading", "hairremoval.waxing", "hairstylist", "haitian", "halal",
        "hardware", "hats", "hauntedhouse", "hawaiian", "headshop", "healthcare", "healthcarecenter",
        "healthyfoods", "hearingaidproviders", "hearingaids", "hennaartist", "herbalmedicine",
        "herbsandspices", "highschool", "himalayan", "hobbyshop", "holidaydecorations", "homeandgarden",
        "homeappliancerepair", "homeautomation", "homecleaning", "homedecor", "homedevelopers", "homegarden",
        "homehealthcare", "homeopathy", "hometheaterinstallation", "honey", "hongkong.cafe", "hookahbar",
        "horsequipment", "hospital", "hostel", "hotdogs", "hotel", "hotel.business", "hotel.capsule",
        "hotelbar", "hotpot", "hottubandpool", "housingcooperative", "hungarian", "huntingfishingsupplies",
        "hvac", "hypermarket", "iberian", "icecream", "importedfood", "indian", "indian.andhra",
        "indian.assamese", "indian.awadhi", "indian.bihari", "indian.chettinad", "indian.goan",
        "indian.gujarat", "indian.hyderabadi", "indian.kerala", "indian.konkan", "indian.lucknowi",
        "indian.maharashtrian", "indian.malwani", "indian.mangalorean", "indian.northindian", "indian.oriya",
        "indian.rajasthani", "indian.southindian", "indonesian", "informationtechnology",
        "installmentloanservices", "insulationinstallation", "insurance", "insurance.auto",
        "insurance.health", "insurance.home", "insurance.life", "interiordesign", "internalmedicine",
        "internationalfood", "internetbooth", "internetcafe", "internetserviceprovider", "investmentbanking",
        "irish", "irishpub", "israeli", "italian", "italian.abruzzese", "italian.altoatesine",
        "italian.apulian", "italian.calabrian", "italian.cucinacampana", "italian.diner", "italian.emilian",
        "italian.friulan", "italian.lumbard", "italian.napoletana", "italian.norcinerie", "italian.piedmont",
        "italian.roman", "italian.sardinian", "italian.sicilian", "italian.tuscan", "italian.venetian",
        "ivhydration", "izakaya", "japanese", "japanese.bento", "japanese.blowfish", "japanese.curry",
        "japanese.donburi", "japanese.gyudon", "japanese.handrolls", "japanese.horumon",
        "japanese.kushikatsu", "japanese.nikkei", "japanese.oden", "japanese.okonomiyaki", "japanese.onigiri",
        "japanese.oyakodon", "japanese.ramen", "japanese.shabushabu", "japanese.soba", "japanese.sukiyaki",
        "japanese.takoyaki", "japanese.tempura", "japanese.teppanyaki", "japanese.tonkatsu", "japanese.udon",
        "japanese.unagi", "japanese.westernjapanese", "japanese.yakiniku", "japanese.yakitori",
        "japanesesweets", "jewelry", "jewelryrepair", "jewish", "juicebar", "kaiseki", "karaoke", "kashmiri",
        "kebab", "kidsactivities", "kimonos", "kindergarten", "kiosk", "kiosk.food", "kitchenandbath",
        "kitchenincubator", "knifesharpening", "knittingsupplies", "kopitiam", "korean", "kosher", "kurdish",
        "laboratorytesting", "landmark", "landscaping", "languageschool", "laotian", "lasereyesurgery",
        "lasertag", "latinamerican", "laundromat", "laundryservices", "lawyer", "lawyer.business",
        "lawyer.criminaldefense", "lawyer.divorce", "lawyer.estateplanning", "lawyer.immigration",
        "lawyer.litigation", "lawyer.personalinjury", "lawyer.realestate", "lawyer.tax",
        "lawyer.willtrustprobate", "lawyer.workerscomp", "leathergoods", "lebanese", "legalservices",
        "library", "lifecoach", "lighting", "ligurian", "limo", "linens", "lingerie", "livestocksales",
        "localservices", "locksmith", "lotterystand", "loungebar", "luggage", "luggagestorage", "macaron",
        "magicians", "mailboxcenter", "makeupartist", "malaysian", "mamak", "manicurists", "marketing",
        "martialarts", "massageschool", "massagetherapist", "massagetherapy", "maternitywear", "mattresses",
        "mauritian", "meatballs", "medicalcenter", "medicalspa", "medicalsupplies", "mediterranean",
        "mexican", "mexican.easternmexican", "mexican.jaliscan", "mexican.modern", "mexican.northernmexican",
        "mexican.oaxacan", "mexican.pueblan", "mexican.yucatan", "middleeastern", "militarybase", "milkbar",
        "milkshakes", "minigolf", "mobilephonerepair", "mobilephones", "moneytransferservices", "mongolian",
        "moroccan", "mortgagebroker", "motorcyclingclothing", "movierental.kiosk", "mughlai", "museum.art",
        "museum.children", "museum.history", "musicalinstruments", "musicalinstrumentservices", "musicvenue",
        "musicvideo", "naga", "nasilemak", "naturopathy", "nepalese", "newspapersandmagazines", "newzealand",
        "nicaraguan", "nightfood", "nonprofit", "noodles", "northamerican.traditional", "norwegian",
        "notarypublic", "nurseries.gardening", "nyonya", "obgyn", "observatory", "occupationaltherapy",
        "officebuilding", "officeequipmentandsupplies", "okinawan", "oliveoil", "opensandwiches",
        "opera.ballet", "opthamalogy", "opticians", "optometry", "oralsurgery", "organicfood", "oriental",
        "orthodontics", "orthopedics", "orthotics", "osteopathy", "ottoman", "outdoorfurniture",
        "outdoorgear", "outletmall", "outletstore", "oxygenbar", "pachinko", "packagelocker", "packing",
        "packingsupplies", "paella", "painmanagement", "paintandsip", "painting", "paintstores",
        "paintyourownpottery", "pakistani", "parentingschool", "parking", "parks", "parma", "parsi",
        "partycharacters", "partyequipment.rental", "partysupplies", "passportvisaservices", "pasta",
        "pathology", "pawn", "paydayloan", "pediatrics", "performingarts", "perfume", "periodontics",
        "permanentmakeup", "persian", "personalcare", "personalshopper", "personaltrainer", "peruvian",
        "pets", "pets.adoption", "pets.boarding", "pets.grooming", "pets.photography", "pets.sitting",
        "pets.training", "pets.transportation", "petstore", "petstore.fish", "petstore.reptile", "pharmacy",
        "pharmacystore", "phonechargingstation", "photobooth.rental", "photography", "photography.event",
        "photography.session", "photographyequipment", "photographystore", "physicaltherapy", "physician",
        "piadina", "pianobar", "pianostore", "pictureframing", "pilates", "pita", "pizza", "placeofworship",
        "placeofworship.church", "placeofworship.mosque", "placeofworship.synagogue",
        "placeofworship.unitarian", "planetarium", "plasticsurgery", "playcenter", "playground", "playsets",
        "plaza", "podiatrists", "podiatry", "poke", "poledancingschool", "policestation",
        "policestation.koban", "polish", "polish.pierogis", "poolcleaning", "poolhall", "pooltablesupplies",
        "popcorn", "popup", "popupshops", "portuguese", "portuguese.alentejo", "portuguese.algarve",
        "portuguese.azores", "portuguese.beira", "portuguese.fadohouse", "portuguese.madeira",
        "portuguese.minho", "portuguese.ribatejo", "portuguese.trasosmontes", "postoffice",
        "postoffice.authorizedagent", "potatoes", "poutineries", "prenatal", "preschool", "pretzels",
        "preventivemedicine", "printmedia", "privateinvestigation", "privatejetcharter", "privateschool",
        "privateshuttlebus", "professionalservices", "professionalsportsteam", "propertymanagement",
        "psychiatrists", "psychiatry", "psychic", "psychology", "pub", "publicart", "publiclibrary",
        "publicservices.government", "publictransport", "puertorican", "pulmonology", "punjabi", "racetrack",
        "radiology", "radiostation", "rawfood", "realestate.agents", "realestate.services",
        "realestateagents", "realestateagents.commercial", "realestateservices", "recordingstudio",
        "recreation", "recreationcenter", "recyclingcenter", "reflexology", "religiousitems",
        "rental.videoandgame", "researchanddevelopment", "residentialapartments", "restaurant",
        "retirementhome", "reunionnese", "reupholstery", "riceshop", "rideshare", "robatayaki",
        "rockclimbing", "rodizio", "romanian", "roofing", "rotisseriechicken", "rugs", "russian", "sakebar",
        "salad", "salvadoran", "sandwiches", "sauna", "scandinavian", "scandinaviandesign", "school",
        "scottish", "screenprinting", "screenprinting.tshirt", "seafood", "seafoodmarket", "securitysystems",
        "selfstorage", "senegalese", "seniorcenter", "serbianandcroatian", "sewingalterations",
        "sharedofficespace", "shavedice", "shavedsnow", "shippingcenters", "shippingdropbox", "shoerepair",
        "shoes", "shoeshine", "shoestore", "shopping", "shoppingpassage", "shutterinstallation", "signature",
        "signmaking", "silentdisco", "singaporean", "skatepark", "skatingequipment", "skatingrink",
        "skiequipment", "skincare", "skydiving", "sleepwear", "slovakian", "soccer", "socialclub",
        "socialservices", "softwaredevelopment", "solarinstallation", "sommeliers", "soulfood", "soup",
        "southafrican", "southernunitedstates", "southwestunitedstates", "souvenirs", "spanish",
        "spanish.andalusian", "spanish.basque", "spanish.catalan", "spanish.galician", "specialtyfood",
        "specialtyschool", "spinclass", "spiritualproducts", "sportinggoods", "sportsbar", "sportsclub",
        "sportsequipment.rental", "sportsgoods", "sportsmedicine", "sportsschool", "sportswear", "srilankan",
        "stationery", "steak", "stockings", "streetvendor", "structuralengineers", "subwaystation",
        "supermarket", "supperclub", "surfacerefinishing", "surfing", "surfingequipment", "surgeon", "sushi",
        "swedish", "swedish.traditional", "swimminginstruction", "swimmingpool", "swimwear", "swiss",
        "syrian", "taberna", "tabletopgames", "tableware", "tacos", "taiwanese", "taiyaki", "talentagencies",
        "tamales", "tanningbeds", "tanningservices", "tapas", "tapas.smallplate", "tattoo", "tattoo.removal",
        "taxi", "taxistand", "taxoffice", "taxservices", "tea", "teachersupplies", "teambuilding",
        "teethwhitening", "telecommunications", "televisionserviceproviders", "televisionstation",
        "tennis.instruction", "terminal", "terminal.bus", "testpreparationschool", "texmex", "thai",
        "theater.drivein", "theater.movie", "themedcafe", "thriftstore", "tibetan", "tickets", "tikibar",
        "titleloan", "tobaccoshop", "tofu", "touristattraction", "tours", "tours.boat", "tours.bus",
        "tours.scooter", "tours.walking", "towncarservice", "toys", "toystore", "traditionalchinesemedicine",
        "trainserviceprovider", "trainstation", "trampolining", "transitlounge", "translationservices",
        "transportationservices", "trattoria", "travelagent", "travelservices", "trinidadian", "trophyshops",
        "truckrental", "tuina", "turkish", "turkish.cheekufta", "turkish.gozleme", "turkish.homemadefood",
        "turkish.lahmacun", "turkish.ravioli", "tutoring", "ukrainian", "uniforms", "urgentcare", "usedbooks",
        "utilities", "uzbek", "vacationhome", "vacationhome.agent", "valetservices", "vapeshops",
        "vascularmedicine", "vegan", "vegetarian", "vendingmachine", "vendingmachine.beverage", "venezuelan",
        "venison", "veteransorganization", "veterinarian", "videofilmproduction", "videogamesandconsoles",
        "vietnamese", "vintageclothing", "vinylrecords", "virtualreality", "visitorcenter",
        "vitaminssupplements", "vocalcoach", "vocationalschool", "waffles", "walkinclinic", "warehouse",
        "watches", "watchrepair", "waterpark", "waterpurification", "webdesign", "weddingchappel",
        "weddingplanning", "weightloss", "welsh", "whiskeybar", "wholesalemerchant", "wholesaler", "wigs",
        "windowinstallation", "winebar", "winery", "winetasting", "wok", "wraps", "yoga", "youthclub",
        "yugoslav",
    ]
    static let opening: [String] = [
        "automobile", "bicycle", "emergencyexit", "pedestrian", "pedestrian.principal", "pedestrian.transit",
        "service",
    ]
    static let relationship: [String] = [
        "elevator", "escalator", "movingwalkway", "ramp", "stairs", "traversal", "traversal.path",
    ]
    static let restriction: [String] = [
        "employeesonly", "restricted",
    ]
    static let section: [String] = [
        "arcade", "baggageclaim", "baggageclaim.intl", "carrental", "carrental.dropoff", "checkin",
        "concessions", "cubicle", "dutyfree", "eatingdrinking", "entertainmentarea", "entertainmentarea.game",
        "entertainmentarea.music", "entertainmentarea.performance", "entertainmentarea.sport", "exhibit",
        "exhibition", "gambling", "gambling.baccarat", "gambling.bingo", "gambling.blackjack",
        "gambling.craps", "gambling.keno", "gambling.mahjong", "gambling.medalgame", "gambling.minibaccarat",
        "gambling.offtrackbetting", "gambling.pachinko", "gambling.paigow", "gambling.poker",
        "gambling.poker.letitride", "gambling.poker.paigow", "gambling.poker.threecard",
        "gambling.poker.video", "gambling.roulette", "gambling.rummy", "gambling.sicbo",
        "gambling.slotmachine", "gambling.slotmachine.highlimit", "gatearea", "gatearea.holding",
        "immigration", "immigration.schengen", "information", "paidarea", "parkandride", "parking",
        "parking.bicycle", "parking.compact", "parking.ev", "parking.longterm", "parking.motorcycle",
        "parking.shortterm", "parking.waitingarea", "platform", "postsecurity", "presecurity", "private",
        "recomposearea", "recreation", "rental", "retail", "retaildepartment", "road", "seating",
        "seatingrow", "security", "servicearea", "ticketing", "vegetation", "walkway",
    ]
    static let unit: [String] = [
        "auditorium", "brick", "classroom", "column", "concrete", "conferenceroom", "drywall", "elevator",
        "escalator", "fieldofplay", "firstaid", "fitnessroom", "foodservice", "footbridge", "glass",
        "huddleroom", "kitchen", "laboratory", "library", "lobby", "lounge", "mailroom", "mothersroom",
        "movietheater", "movingwalkway", "nonpublic", "office", "opentobelow", "parking", "phoneroom",
        "platform", "privatelounge", "ramp", "recreation", "restroom", "restroom.family", "restroom.female",
        "restroom.female.wheelchair", "restroom.male", "restroom.male.wheelchair", "restroom.transgender",
        "restroom.transgender.wheelchair", "restroom.unisex", "restroom.unisex.wheelchair",
        "restroom.wheelchair", "road", "room", "serverroom", "shower", "smokingarea", "stairs", "steps",
        "storage", "structure", "terrace", "theater", "unenclosedarea", "unspecified", "vegetation",
        "waitingroom", "walkway", "walkway.island", "wood",
    ]
    static let venue: [String] = [
        "airport", "airport.intl", "aquarium", "businesscampus", "casino", "communitycenter",
        "conventioncenter", "governmentfacility", "healthcarefacility", "hotel", "museum", "parkingfacility",
        "resort", "retailstore", "shoppingcenter", "stadium", "stripmall", "theater", "themepark",
        "trainstation", "transitstation", "university",
    ]
}
