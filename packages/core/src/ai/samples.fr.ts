import type { AiType } from './types';

/** The "See Sample" results in French (samples.ts has the English ones; same businesses, same facts). */
export const SAMPLE_TEXT_FR: Record<AiType, { title: string; content: string }> = {
  business_name: {
    title: 'Idées de nom pour un bar à jus à Yaba',
    content: `## 10 idées de nom pour votre bar à jus

1. **Squeeze Yaba** – dit ce que vous faites et où ; facile à trouver sur Google Maps.
2. **Fresh Pulp Bar** – frais et moderne ; passe bien sur une enseigne et sur un gobelet.
3. **Agbalumo & Cie** – un fruit local que tout le monde aime ; chaleureux et fier d’être nigérian.
4. **Carrefour du Jus** – parfait pour un endroit animé où passent étudiants et travailleurs.
5. **Zobo Lab** – ludique ; laisse deviner vos propres recettes au-delà de l’orange et de l’ananas.
6. **Gorgée du Matin** – invite les clients du petit-déjeuner sur le chemin du travail.
7. **Tropika Press** – court, tropical, et il marche encore si vous ajoutez des smoothies.
8. **Ayo Jus** – *ayo* veut dire « joie » en yoruba ; chaleureux et facile à retenir.
9. **Rue du Mélange** – moderne ; convient aux applis de livraison et à un compte Instagram.
10. **Pur Jus de Palme** – évoque le naturel, sans sucre ajouté.

**Étape suivante :** vérifiez que le nom est libre auprès de la CAC et comme compte Instagram avant de faire imprimer quoi que ce soit.`,
  },
  business_plan: {
    title: 'Plan d’affaires : tenues en Ankara prêtes à porter',
    content: `## Résumé
Ankara Edge fabrique des tenues en Ankara prêtes à porter pour les jeunes actifs de Lagos. Nous vendons en ligne et dans un petit atelier à Surulere.

## Marché
- Environ 2 millions de femmes actives de 22 à 40 ans vivent à Lagos, et beaucoup veulent des imprimés africains pour le bureau.
- La concurrence : surtout des tailleurs sur commande (2 à 3 semaines d’attente) et la mode rapide importée.

## Offre
- 12 modèles par saison, du 36 au 48, à porter le jour même.
- Retouches gratuites pendant 7 jours.

## Marketing
- Vidéos d’essayage sur Instagram et TikTok trois fois par semaine.
- Un catalogue WhatsApp et une liste de diffusion pour les clientes fidèles.
- Des stands éphémères dans deux parcs de bureaux chaque mois.

## Fonctionnement
- 2 tailleurs et 1 coupeur ; tissu acheté chaque semaine au marché de Balogun.
- Commandes livrées en 48 heures par un partenaire coursier à moto.

## Finances
| Poste | Montant |
|---|---|
| Démarrage (machines, tissu, caution de l’atelier) | 2 400 000 ₦ |
| Coûts mensuels (loyer, salaires, données, livraison) | 850 000 ₦ |
| Prix de vente moyen | 18 500 ₦ |
| Tenues à vendre pour atteindre l’équilibre | 46 par mois |
| Objectif de chiffre d’affaires la première année | 16 650 000 ₦ |

**Équilibre :** au 5e mois si nous vendons 75 tenues par mois à partir du 4e mois.`,
  },
  content_idea: {
    title: 'Une semaine de publications Instagram pour une boulangerie à Accra',
    content: `## Votre semaine sur Instagram

**Lundi – Derrière le four**
Une vidéo de 15 secondes des premiers pâtés à la viande qui sortent du four à 6 h.
*Légende :* « Tout chauds avant le réveil d’Accra 🔥 Qui en prend un sur le chemin du travail ? »

**Mardi – Rencontrez la boulangère**
Une photo de Tata Esi avec une courte histoire : 20 ans de pâtisserie.

**Mercredi – Sondage**
Sondage en story : « Pâté à la viande ou friand à la saucisse ? » Partagez les résultats jeudi.

**Jeudi – Nos clients nous aiment**
Repartagez la photo du gâteau d’anniversaire d’un client et remerciez-le.

**Vendredi – Rappel des commandes du week-end**
« Un anniversaire ce week-end ? Commandez votre gâteau avant vendredi 17 h 🎂 » avec la liste des prix.

**Samedi – Comment c’est fait**
Carrousel : de la pâte au glaçage en 5 photos.

**Dimanche – Offre boîte familiale**
« 6 pâtés + 6 friands pour 120 GH₵, le dimanche seulement. »

**Hashtags :** #BoulangerieAccra #PâtéÀLaViande #CuisineGhanéenne #AccraEats #GâteauxAnniversaireAccra`,
  },
  content_link: {
    title: 'Publications tirées de « Comment fixer le prix de vos produits »',
    content: `## Résumé
L’article explique comment fixer des prix qui couvrent les coûts et qui se vendent quand même : additionnez tous les coûts par article, ajoutez une marge de 30 à 50 % et regardez ce que pratiquent les concurrents. Il met en garde contre les prix fixés seulement pour être le moins cher.

## Publications
**X / Twitter**
Vos prix vous font-ils vraiment gagner de l’argent ? Additionnez chaque coût, puis votre marge. Le moins cher n’est pas toujours le meilleur. 💡 #PetiteEntreprise

**Facebook**
Beaucoup de petites entreprises perdent de l’argent sans le savoir. Ce guide montre comment fixer vos prix : comptez chaque coût par article (matières, transport, emballage), ajoutez une marge de 30 à 50 %, puis comparez avec le marché.

**Instagram**
3 étapes vers un prix qui vous rémunère 👇
1️⃣ Comptez chaque coût
2️⃣ Ajoutez votre marge
3️⃣ Regardez le marché
Enregistrez ce post pour plus tard ! #ConseilsPrix #Entrepreneuriat

**Statut WhatsApp**
Nouvelle semaine, nouveaux prix ? Lisez ceci d’abord 👉 3 étapes simples pour des prix qui rapportent.`,
  },
  ideal_customer: {
    title: 'Client idéal pour des lampes solaires au Kenya',
    content: `## Votre client idéal : Kamau, le tenancier de kiosque

**Qui :** tient une petite boutique ou un kiosque dans une ville hors de Nairobi ; 28 à 45 ans ; gagne de 25 000 à 60 000 KSh par mois.

**Problème :** coupures de courant et pétrole lampant cher ; il perd ses ventes du soir quand il fait nuit.

**Ce qu’il veut :** une lampe qui tient toute la soirée, qui recharge les téléphones et qui se paie par petites sommes.

**Où le trouver :**
- Jours de marché et chamas (groupes d’épargne)
- Groupes Facebook de commerçants de son comté
- Agents M-Pesa et quincailleries

**Ce qui le convainc :** une démonstration, la recommandation d’un voisin et le paiement à l’usage de 50 KSh par jour.

**Le message qui marche :** « Restez ouvert deux heures de plus chaque soir, pour moins cher que le pétrole lampant. »`,
  },
  user_persona: {
    title: 'Persona : jeunes utilisateurs au Nigeria',
    content: `## Persona : Tolu, 24 ans, Lagos

**Tranche d’âge :** Jeune (18–30 ans)

**Profil :** diplômée, elle travaille dans une start-up fintech à Yaba ; vit en colocation avec deux amies ; passe la plupart de son temps libre sur son téléphone.

**Objectifs**
- Être élégante au travail et aux sorties du week-end sans trop dépenser.
- Réserver des services rapidement, sans appeler.

**Frustrations**
- Les salons qui ne respectent pas l’heure des rendez-vous.
- Payer un acompte sans recevoir de confirmation.

**Habitudes :** Instagram et TikTok tous les jours ; paie par virement ou par carte ; fait confiance aux avis de ses amies.

**Comment la gagner :** réservation en ligne avec confirmation immédiate, prix clairs, rappels sur WhatsApp et une remise fidélité après 5 visites.`,
  },
  newsletter: {
    title: 'Lettre d’information : notre nouvelle boutique à Lekki',
    content: `# Nous voici à Lekki ! 🎉

Chère cliente, cher client,

Merci d’avoir fait vos achats chez nous cette année. Grâce à votre soutien, **nous avons ouvert une deuxième boutique sur Admiralty Way, Lekki Phase 1**.

## Les nouveautés
- **Horaires élargis :** du lundi au samedi, de 8 h à 20 h.
- **Parking gratuit** à la nouvelle boutique.
- **Offre de la semaine d’ouverture :** 10 % de remise sur tout jusqu’au 30 novembre.

## Le même service que vous aimez
Vos points de fidélité sont valables dans les deux boutiques, et vous pouvez toujours commander sur WhatsApp pour être livré.

Nous avons hâte de vous accueillir !

Bien chaleureusement,
L’équipe Mama Put Foods`,
  },
  birthday_wishes: {
    title: 'Message d’anniversaire pour Chiamaka',
    content: `Joyeux anniversaire, Chiamaka ! 🎉

Toute l’équipe de Bright Prints vous souhaite une année pleine de joie, de santé et de réussite. Merci de nous faire confiance : cela compte beaucoup pour nous.

Petit cadeau : profitez de **15 % de remise sur votre prochaine commande** ce mois-ci.

Passez une merveilleuse journée !

Bien amicalement,
Emeka – Bright Prints`,
  },
  seasons_greetings: {
    title: 'Vœux de Noël de Kofi Fabrics',
    content: `Joyeux Noël ! 🎄

En cette fin d’année, toute l’équipe de Kofi Fabrics tient à vous remercier de votre soutien. Chacune de vos commandes a aidé notre petite entreprise à grandir.

Que ce Noël vous apporte paix, joie et du temps avec ceux que vous aimez, et que la nouvelle année vous apporte santé et réussite.

Nous sommes fermés les 25 et 26 décembre et rouvrons le 27 décembre.

Avec toute notre gratitude,
Kofi Mensah – Kofi Fabrics`,
  },
  email: {
    title: 'E-mail : remise de décembre sur les chaussures',
    content: `**Objet :** 20 % de remise sur toutes les chaussures en décembre 👟

Bonjour,

Décembre est là, et nous voulons vous faciliter les fêtes : **toutes les paires de chaussures de notre boutique sont à -20 % jusqu’au 31 décembre**.

- Chaussures de ville, baskets et sandales
- Pointures pour hommes, femmes et enfants
- Livraison gratuite dans Kampala pour toute commande de plus de 150 000 USh

Passez nous voir à Garden City ou commandez sur WhatsApp au +256 700 000 000.

À très bientôt,
L’équipe Step Up Shoes`,
  },
  reply_email: {
    title: 'Réponse : demande de devis en gros',
    content: `**Objet :** Re: Devis pour 200 T-shirts personnalisés

Chère Madame Wanjiru,

Merci pour votre e-mail et d’avoir pensé à nous pour l’événement de votre entreprise.

Nous serions ravis de fournir 200 T-shirts personnalisés. Notre prix est de 850 KSh par T-shirt, avec une impression une couleur sur le devant, et nous pouvons livrer sous 10 jours ouvrés après votre validation du modèle.

Pourriez-vous nous envoyer votre logo et les tailles souhaitées ? Je vous enverrai ensuite une maquette à valider.

Bien cordialement,
Brian Otieno
Nyota Prints`,
  },
};
